import { deliveryKey, isPlainDelivery, type Delivery } from '@doublecast/common/direction';
import { clampSynthesisSettings } from '@doublecast/common/studio';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import { AppError, isAppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { SharedAudio, type AudioCache, type StoredAudio } from './audio-cache';
import type { VoiceEngine } from './engines/engine';
import type { WorkerPool } from '../../lib/worker-pool';
import type {
  SynthesisPort,
  SynthesizeOptions,
  SynthesizeResult,
  VoiceSummary,
} from './synthesis.types';
import { findVoiceRow, insertProviderMetric } from './voices.repository';
import { resolveVoiceForUse } from './voices.service';

/** Longest text one synthesis accepts (a long script is about 30,000 characters). */
export const MAX_SYNTHESIS_CHARACTERS = 50_000;

export interface SynthesisServiceOptions {
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'metricEvents'>;
  engine: VoiceEngine;
  cache: AudioCache;
  pool: WorkerPool;
  /** Longest wait for the next audio bytes before the synthesis is given up (default 60 s). */
  stallTimeoutMs?: number;
}

export interface SynthesisService extends SynthesisPort {
  /**
   * The cache key a request would use (the preview route's ETag). `owner` is the user whose
   * private cache it is, or null for shared public audio (decision 022).
   */
  cacheKey(options: {
    owner: string | null;
    providerVoiceId: string;
    text: string;
    settings: SynthesizeOptions['settings'];
    delivery?: Delivery;
  }): string;
  /** Drops a stored result, so the next request makes it afresh (a preview that failed to play). */
  forget(key: string): Promise<void>;
  /** Size of the stored result, or null (used to answer byte ranges for a stored preview). */
  /** The stored audio held open (audio-cache.ts), or null. */
  openStored(key: string): Promise<StoredAudio | null>;
  /** Syntheses running and waiting (diagnostics and tests). */
  poolStats(): ReturnType<WorkerPool['stats']>;
}

/**
 * The one synthesis path for every engine: voice check, content-addressed cache per user (the
 * same user's text, voice, settings and engine version are never synthesised or paid for twice,
 * and identical requests in flight share one synthesis), the bounded worker pool, and a metrics row for
 * every provider request. See docs/decisions/022-synthesis-service.md.
 */
export function createSynthesisService(options: SynthesisServiceOptions): SynthesisService {
  const { ctx, engine, cache, pool } = options;
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
  const inFlight = new Map<string, { shared: SharedAudio; done: Promise<{ bytes: number }> }>();
  /** Drops a synthesis from the in-flight map unless a newer one has taken its key. */
  const settleInFlight = (key: string, shared: SharedAudio) => {
    if (inFlight.get(key)?.shared === shared) inFlight.delete(key);
  };

  /** The member engine that reads a voice, when `engine` combines several. */
  const memberFor = (providerVoiceId: string) => engine.engineFor?.(providerVoiceId) ?? engine;

  const cacheKey: SynthesisService['cacheKey'] = ({
    owner,
    providerVoiceId,
    text,
    settings,
    delivery,
  }) =>
    cache.keyFor([
      owner === null ? 'public' : `user:${owner}`,
      memberFor(providerVoiceId).name,
      memberFor(providerVoiceId).version,
      providerVoiceId,
      text,
      round(settings.speed),
      round(settings.stability),
      round(settings.similarity),
      // The plain first read keeps the key it always had.
      ...(isPlainDelivery(delivery) ? [] : [deliveryKey(delivery)]),
    ]);

  /** The delivery as the voice's engine makes it: the directions it does not act on dropped. */
  const deliveryFor = (providerVoiceId: string, delivery: Delivery | undefined) => {
    if (isPlainDelivery(delivery)) return undefined;
    const acts = memberFor(providerVoiceId).directions ?? [];
    const made = {
      directions: delivery!.directions.filter((d) => acts.includes(d)),
      take: delivery!.take,
    };
    return isPlainDelivery(made) ? undefined : made;
  };

  async function synthesize(request: SynthesizeOptions): Promise<SynthesizeResult> {
    // As said: a reading's respellings were applied once, where it is charged.
    const text = request.text.trim();
    if (!text) throw new AppError('invalid-argument', 'Please enter some text');
    if (text.length > MAX_SYNTHESIS_CHARACTERS) {
      throw new AppError(
        'invalid-argument',
        `The text is too long: at most ${MAX_SYNTHESIS_CHARACTERS.toLocaleString('en-US')} characters per reading.`,
      );
    }
    const settings = clampSynthesisSettings(request.settings);
    const row = await resolveVoiceForUse(
      { db: ctx.db, clock: ctx.clock, voiceEngine: engine },
      { voiceId: request.voiceId, userId: request.userId },
    );
    const labels = JSON.parse(row.labels) as {
      gender?: string | null;
      accent?: string | null;
      age?: string | null;
    };
    const voice: VoiceSummary = {
      id: row.id,
      name: row.display_name?.trim() || row.name,
      gender: labels.gender ?? null,
      accent: labels.accent ?? null,
      age: labels.age ?? null,
    };
    // A user's texts are private: their audio is cached for them alone, so neither a cache hit
    // nor its speed tells anyone what another user has read (decision 022).
    const owner = request.shared || request.userId === null ? null : request.userId;
    const delivery = deliveryFor(row.provider_voice_id, request.delivery);
    const key = cacheKey({
      owner,
      providerVoiceId: row.provider_voice_id,
      text,
      settings,
      delivery,
    });

    const stored = await cache.open(key);
    if (stored) {
      return {
        voice,
        audio: stored.read(),
        cached: true,
        done: Promise.resolve({ bytes: stored.size }),
      };
    }
    const running = inFlight.get(key);
    if (running)
      return {
        voice,
        audio: running.shared.subscribe(request.signal),
        cached: true,
        done: running.done,
      };

    const shared = new SharedAudio();
    const audio = shared.subscribe(request.signal);
    let resolveDone!: (v: { bytes: number }) => void;
    let rejectDone!: (e: unknown) => void;
    const done = new Promise<{ bytes: number }>((res, rej) => {
      resolveDone = res;
      rejectDone = rej;
    });
    done.catch(() => undefined);
    inFlight.set(key, { shared, done });

    const controller = new AbortController();
    // Everyone left: the synthesis stops, and a request that comes next starts a fresh one
    // instead of joining this cancelled one.
    shared.onAbandoned = () => {
      controller.abort();
      settleInFlight(key, shared);
    };
    let release: (() => void) | null = null;
    try {
      release = await pool.acquire(controller.signal);
    } catch (e) {
      settleInFlight(key, shared);
      shared.fail(e as Error);
      rejectDone(e);
      throw e;
    }
    void produce({ key, text, settings, delivery, row, shared, controller, request })
      .then((bytes) => resolveDone({ bytes }), rejectDone)
      .finally(() => {
        release?.();
        settleInFlight(key, shared);
      });
    return { voice, audio, cached: false, done };
  }

  async function produce(job: {
    key: string;
    text: string;
    settings: SynthesizeOptions['settings'];
    delivery: Delivery | undefined;
    row: { id: string; name: string; display_name: string | null; provider_voice_id: string };
    shared: SharedAudio;
    controller: AbortController;
    request: SynthesizeOptions;
  }): Promise<number> {
    const started = performance.now();
    let firstByteMs: number | null = null;
    let stall: NodeJS.Timeout | null = null;
    const armStall = () => {
      if (stall) clearTimeout(stall);
      stall = setTimeout(
        () =>
          job.controller.abort(
            new AppError('unavailable', 'Voice synthesis timed out. Please try again.'),
          ),
        stallTimeoutMs,
      );
    };
    let outcome: {
      providerRequestId: string | null;
      credits: number | null;
      modelId: string | null;
    } = { providerRequestId: null, credits: null, modelId: null };
    try {
      armStall();
      const result = await raceAbort(
        engine.synthesize({
          text: job.text,
          providerVoiceId: job.row.provider_voice_id,
          settings: job.settings,
          ...(job.delivery ? { delivery: job.delivery } : {}),
          signal: job.controller.signal,
        }),
        job.controller.signal,
      );
      await raceAbort(
        new Promise<void>((resolve, reject) => {
          const source: Readable = result.audio;
          source.on('data', (chunk: Buffer) => {
            if (firstByteMs === null) firstByteMs = performance.now() - started;
            armStall();
            job.shared.push(chunk);
          });
          source.once('end', resolve);
          source.once('error', reject);
          job.controller.signal.addEventListener('abort', () => source.destroy(), { once: true });
        }),
        job.controller.signal,
      );
      outcome = await raceAbort(result.done, job.controller.signal);
      if (job.shared.size === 0)
        throw new AppError('internal', 'The voice engine produced no audio');
      // Stored before the readers see the end, so a request that follows finds it on disk.
      const data = job.shared.collect();
      await cache
        .write(job.key, data)
        .catch((e: unknown) => ctx.log.warn({ err: e }, 'could not store synthesised audio'));
      settleInFlight(job.key, job.shared);
      job.shared.end();
      await record(job, { started, firstByteMs, outcome, error: null });
      return data.length;
    } catch (e) {
      const error = isAppError(e) ? e : new AppError('internal', 'Voice synthesis failed');
      if (!isAppError(e))
        ctx.log.error({ err: e, requestId: job.request.requestId }, 'voice synthesis failed');
      // Gone before the readers hear of it, as on success: a request that follows makes it anew.
      settleInFlight(job.key, job.shared);
      job.shared.fail(error);
      await record(job, { started, firstByteMs, outcome, error });
      throw error;
    } finally {
      if (stall) clearTimeout(stall);
    }
  }

  async function record(
    job: {
      text: string;
      settings: SynthesizeOptions['settings'];
      row: { id: string; name: string; display_name: string | null; provider_voice_id: string };
      request: SynthesizeOptions;
    },
    r: {
      started: number;
      firstByteMs: number | null;
      outcome: { providerRequestId: string | null; credits: number | null; modelId: string | null };
      error: AppError | null;
    },
  ): Promise<void> {
    const member = memberFor(job.row.provider_voice_id);
    const id = newId();
    const createdAt = ctx.clock.now().toISOString();
    try {
      await insertProviderMetric(ctx.db.kysely, {
        id,
        provider: member.name,
        user_id: job.request.userId,
        request_id: job.request.requestId,
        provider_request_id: r.outcome.providerRequestId,
        voice_id: job.row.id,
        voice_name: job.row.display_name?.trim() || job.row.name,
        character_count: job.text.length,
        latency_ms: Math.round(performance.now() - r.started),
        first_byte_ms: r.firstByteMs === null ? null : Math.round(r.firstByteMs),
        status: r.error ? 'error' : 'success',
        error: r.error ? `${r.error.code}: ${r.error.message}`.slice(0, 500) : null,
        credits_used: r.outcome.credits,
        // A request that failed before any audio came back produced nothing to pay for.
        cost_usd:
          r.error && r.firstByteMs === null
            ? 0
            : (job.text.length / 1000) * (member.usdPer1000Characters ?? 0),
        endpoint: 'text-to-speech',
        model_id: r.outcome.modelId,
        request_metadata: JSON.stringify({
          voice_settings: {
            stability: job.settings.stability,
            similarity_boost: job.settings.similarity,
            speed: job.settings.speed,
          },
        }),
        created_at: createdAt,
      });
    } catch (e) {
      ctx.log.warn({ err: e }, 'could not record provider metrics');
      return;
    }
    // The admin monitor's real-time stream (decision 221); the row is committed by now.
    await ctx.metricEvents
      .publish({ id, createdAt })
      .catch((e: unknown) => ctx.log.warn({ err: e }, 'could not publish a metric event'));
  }

  return {
    synthesize,
    directionsFor: async (voiceId) => {
      const row = await findVoiceRow(ctx.db.kysely, voiceId);
      return row ? (memberFor(row.provider_voice_id).directions ?? []) : [];
    },
    cacheKey,
    forget: (key) => cache.remove(key),
    openStored: (key) => cache.open(key),
    poolStats: () => pool.stats(),
  };
}

/** Settles with the signal's reason (or an aborted AppError) as soon as the signal fires. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = () =>
    isAppError(signal.reason)
      ? signal.reason
      : new AppError('aborted', 'Voice synthesis was cancelled');
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
