import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type {
  EngineVoice,
  SynthesisRequest,
  SynthesisResult,
  SynthesisSettings,
  VoiceEngine,
} from './engine';

/**
 * The ElevenLabs adapter (contract: shared/reference/elevenlabs-api.md). Streams MP3 from
 * POST /v1/text-to-speech/{voice}/stream, retries what the provider says is worth retrying
 * (concurrency, system busy, 5xx, connection failures) with exponential backoff and jitter, and
 * maps every provider error to an AppError. See docs/decisions/030..034.
 */

export const ELEVENLABS_OUTPUT_FORMAT = 'mp3_44100_128';
export const ELEVENLABS_DEFAULT_MODEL_ID = 'eleven_multilingual_v2';
/** ElevenLabs accepts 0.7..1.2 (docs: "minimum of 0.7 … maximum of 1.2"). */
export const ELEVENLABS_SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

export const ELEVENLABS_UNAVAILABLE_MESSAGE =
  'Voice service temporarily unavailable. Please try again in a few moments.';
export const ELEVENLABS_BUSY_MESSAGE = 'The voice service is busy. Please try again in a moment.';
export const ELEVENLABS_QUOTA_MESSAGE =
  'The voice service has used up its character quota. Please try again later.';
export const ELEVENLABS_VOICE_NOT_FOUND_MESSAGE = 'Voice not found';
export const ELEVENLABS_TEXT_TOO_LONG_MESSAGE = 'The text is too long for one reading.';
export const ELEVENLABS_REJECTED_MESSAGE = 'The voice service could not read this request.';
export const ELEVENLABS_ABORTED_MESSAGE = 'The reading was cancelled.';

export interface ElevenLabsEngineOptions {
  apiKey: string;
  baseUrl: string;
  modelId: string;
  log: FastifyBaseLogger;
  /** Retries after the first attempt for retryable failures (default 2, as the vendor SDK). */
  maxRetries?: number;
  fetchImpl?: typeof fetch;
  /** First backoff step; doubles per retry (default 1,000 ms). */
  retryBaseDelayMs?: number;
  /** Longest single wait, also the cap on an honoured Retry-After (default 10,000 ms). */
  maxRetryDelayMs?: number;
  /** Time allowed for the response headers and the first audio bytes (default 30,000 ms). */
  firstByteTimeoutMs?: number;
  /** Longest silence between two audio chunks once streaming (default 30,000 ms). */
  idleTimeoutMs?: number;
  /** Jitter source, 0..1 (tests pin it). */
  random?: () => number;
}

type Operation = 'list-voices' | 'synthesize';

/** Where a provider answer leads: retry, or a final AppError. */
interface Failure {
  error: AppError;
  retryable: boolean;
  /** Retry-After from the provider, in ms. */
  retryAfterMs: number | null;
}

interface ProviderDetail {
  status: string | null;
  message: string | null;
  /** The FastAPI 422 list, when that is what came back. */
  validation: { loc: unknown[]; msg: string }[] | null;
}

export function createElevenLabsEngine(options: ElevenLabsEngineOptions): VoiceEngine {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const modelId = options.modelId || ELEVENLABS_DEFAULT_MODEL_ID;
  const maxRetries = Math.max(0, options.maxRetries ?? 2);
  const fetchImpl = options.fetchImpl ?? fetch;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const firstByteTimeoutMs = options.firstByteTimeoutMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const random = options.random ?? Math.random;
  const log = options.log;

  /** ±20 % jitter around base·2^n, capped. */
  const backoffMs = (retry: number) =>
    Math.min(maxRetryDelayMs, retryBaseDelayMs * 2 ** retry) * (0.8 + 0.4 * random());

  /**
   * Runs `attempt` until it succeeds, a failure is final, or the retries are spent. `attempt`
   * gets a signal that fires on the caller's abort or the first-byte timeout.
   */
  async function withRetries<T>(
    operation: Operation,
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    for (let retry = 0; ; retry++) {
      if (callerSignal?.aborted) throw abortedError();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error('first-byte timeout'));
      }, firstByteTimeoutMs);
      const onAbort = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', onAbort, { once: true });
      let failure: Failure;
      try {
        return await attempt(controller.signal);
      } catch (error) {
        if (callerSignal?.aborted) throw abortedError();
        if (error instanceof ProviderFailure) {
          failure = error.failure;
        } else if (timedOut) {
          // A timed-out request may still be produced and billed; asking again could pay twice.
          log.warn(
            { provider: 'elevenlabs', operation, timeoutMs: firstByteTimeoutMs },
            'ElevenLabs did not answer in time',
          );
          throw new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE);
        } else {
          // Refused or reset before any audio arrived: nothing was produced, so a retry is safe.
          failure = {
            error: new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE),
            retryable: true,
            retryAfterMs: null,
          };
          log.warn(
            { provider: 'elevenlabs', operation, err: describe(error) },
            'ElevenLabs connection failed',
          );
        }
      } finally {
        clearTimeout(timer);
        callerSignal?.removeEventListener('abort', onAbort);
      }
      if (!failure.retryable || retry >= maxRetries) throw failure.error;
      const delay = failure.retryAfterMs ?? backoffMs(retry);
      if (delay > maxRetryDelayMs) throw failure.error;
      log.info(
        { provider: 'elevenlabs', operation, retry: retry + 1, delayMs: Math.round(delay) },
        'Retrying ElevenLabs request',
      );
      await sleep(delay, callerSignal);
    }
  }

  /** Reads an error answer and decides what it means; logs what an operator must act on. */
  async function classify(operation: Operation, response: Response): Promise<Failure> {
    const detail = parseDetail(await readTextCapped(response, 64 * 1024));
    const status = response.status;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const context = {
      provider: 'elevenlabs',
      operation,
      httpStatus: status,
      providerStatus: detail.status,
      providerMessage: detail.message,
      providerRequestId: response.headers.get('request-id'),
    };
    const final = (error: AppError): Failure => ({ error, retryable: false, retryAfterMs: null });
    const unavailable = () => new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE);

    if (status === 401 && detail.status === 'quota_exceeded') {
      // Permanent for this billing period: retrying only burns time.
      log.warn(context, 'ElevenLabs character quota exceeded');
      return final(new AppError('resource-exhausted', ELEVENLABS_QUOTA_MESSAGE));
    }
    if (status === 401 || status === 403) {
      // invalid_api_key, missing_permissions, a plan too small for the voice, a suspended account.
      log.error(
        context,
        `ElevenLabs configuration error: the API key was refused (${detail.status ?? status}). Check ELEVENLABS_API_KEY and its permissions.`,
      );
      return final(unavailable());
    }
    if (status === 429) {
      const busy = detail.status === 'system_busy';
      log.warn(context, busy ? 'ElevenLabs is busy' : 'ElevenLabs concurrency limit reached');
      const error = busy
        ? unavailable()
        : new AppError(
            'resource-exhausted',
            ELEVENLABS_BUSY_MESSAGE,
            undefined,
            retryAfterMs !== null
              ? { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) }
              : undefined,
          );
      return { error, retryable: true, retryAfterMs };
    }
    if (status >= 500 || status === 408) {
      log.warn(context, 'ElevenLabs failed');
      return { error: unavailable(), retryable: true, retryAfterMs };
    }
    if (operation === 'synthesize') {
      if (
        status === 404 ||
        detail.status === 'voice_not_found' ||
        detail.status === 'voice_does_not_exist'
      ) {
        return final(new AppError('not-found', ELEVENLABS_VOICE_NOT_FOUND_MESSAGE));
      }
      if (detail.status === 'max_character_limit_exceeded') {
        return final(new AppError('invalid-argument', ELEVENLABS_TEXT_TOO_LONG_MESSAGE));
      }
      if (status === 400 || status === 422) {
        log.warn(context, 'ElevenLabs refused the request');
        return final(
          new AppError(
            'invalid-argument',
            ELEVENLABS_REJECTED_MESSAGE,
            detail.validation ? { problems: detail.validation } : undefined,
          ),
        );
      }
    }
    log.error(context, 'ElevenLabs answered unexpectedly');
    return final(unavailable());
  }

  async function listVoices(): Promise<EngineVoice[]> {
    const body = await withRetries('list-voices', undefined, async (signal) => {
      const response = await fetchImpl(`${baseUrl}/v1/voices`, {
        headers: { 'xi-api-key': options.apiKey, accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new ProviderFailure(await classify('list-voices', response));
      return (await response.json()) as unknown;
    });
    const list = isRecord(body) && Array.isArray(body.voices) ? body.voices : null;
    if (!list) {
      log.error({ provider: 'elevenlabs' }, 'ElevenLabs voice list had an unexpected shape');
      throw new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE);
    }
    return list.flatMap((raw) => {
      const voice = mapVoice(raw);
      return voice ? [voice] : [];
    });
  }

  async function synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const settings = clampSettings(request.settings);
    const url =
      `${baseUrl}/v1/text-to-speech/${encodeURIComponent(request.providerVoiceId)}/stream` +
      `?output_format=${ELEVENLABS_OUTPUT_FORMAT}`;
    const payload = JSON.stringify({
      text: request.text,
      model_id: modelId,
      voice_settings: {
        stability: settings.stability,
        similarity_boost: settings.similarity,
        speed: settings.speed,
      },
    });

    const opened = await withRetries('synthesize', request.signal, async (signal) => {
      // The response body outlives the attempt, so the fetch gets a controller of its own that
      // follows the attempt's signal only while waiting for the first bytes.
      const controller = new AbortController();
      const onAttemptAbort = () => controller.abort(signal.reason);
      signal.addEventListener('abort', onAttemptAbort, { once: true });
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'xi-api-key': options.apiKey,
            'content-type': 'application/json',
            accept: 'audio/mpeg',
          },
          body: payload,
          signal: controller.signal,
        });
        if (!response.ok) throw new ProviderFailure(await classify('synthesize', response));
        if (!response.body) throw new Error('ElevenLabs sent no body');
        const reader = response.body.getReader();
        // Wait for the first audio bytes: until then a dropped connection is still safe to retry.
        const first = await reader.read();
        if (first.done || first.value.byteLength === 0)
          throw new Error('ElevenLabs sent an empty body');
        return { response, reader, first: first.value, controller };
      } catch (error) {
        controller.abort();
        throw error;
      } finally {
        signal.removeEventListener('abort', onAttemptAbort);
      }
    });

    const { response, reader, first, controller: streamController } = opened;
    const providerRequestId = response.headers.get('request-id');
    const credits = parseNumber(response.headers.get('character-cost'));

    let settle!: {
      resolve: (v: Awaited<SynthesisResult['done']>) => void;
      reject: (e: unknown) => void;
    };
    const done = new Promise<Awaited<SynthesisResult['done']>>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // The caller may never await `done` when the stream fails; the stream reports the error too.
    done.catch(() => undefined);

    let finished = false;
    let stopReason: 'aborted' | 'idle' | null = null;
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        stopReason = 'idle';
        streamController.abort(new Error('idle timeout'));
      }, idleTimeoutMs);
    };
    const onCallerAbort = () => {
      stopReason = 'aborted';
      audio.destroy(abortedError());
    };
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const cleanUp = () => {
      finished = true;
      clearTimeout(idleTimer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    };

    let reading = false;
    const audio = new Readable({
      read() {
        if (reading || finished) return;
        reading = true;
        armIdle();
        // Empty chunks are skipped: pushing one would not ask for more data.
        const nextChunk = async () => {
          let chunk = await reader.read();
          while (!chunk.done && chunk.value.byteLength === 0) chunk = await reader.read();
          return chunk;
        };
        nextChunk().then(
          (chunk) => {
            reading = false;
            // Only the provider's silence counts, not a slow consumer.
            clearTimeout(idleTimer);
            if (finished) return;
            if (chunk.done) {
              cleanUp();
              settle.resolve({ providerRequestId, credits, modelId });
              this.push(null);
              return;
            }
            this.push(
              Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength),
            );
          },
          (error: unknown) => {
            reading = false;
            if (finished) return;
            // Audio has already gone downstream: no retry from here, the reading fails whole.
            const appError =
              stopReason === 'aborted' || request.signal?.aborted
                ? abortedError()
                : new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE);
            log.warn(
              {
                provider: 'elevenlabs',
                operation: 'synthesize',
                providerRequestId,
                reason: stopReason ?? describe(error),
              },
              'ElevenLabs stream ended early',
            );
            this.destroy(appError);
          },
        );
      },
      destroy(error, callback) {
        if (!finished) {
          cleanUp();
          streamController.abort();
          reader.cancel().catch(() => undefined);
          settle.reject(error ?? abortedError());
        }
        callback(error);
      },
    });
    audio.push(Buffer.from(first.buffer, first.byteOffset, first.byteLength));
    if (request.signal?.aborted) onCallerAbort();
    return { audio, done };
  }

  return {
    name: 'elevenlabs',
    // A new model or output format must never be served from audio cached under the old one.
    version: `elevenlabs-1/${modelId}/${ELEVENLABS_OUTPUT_FORMAT}`,
    listVoices,
    synthesize,
  };
}

/** Thrown inside an attempt to hand the classified failure to the retry loop. */
class ProviderFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.error.message);
  }
}

function abortedError(): AppError {
  return new AppError('aborted', ELEVENLABS_ABORTED_MESSAGE);
}

/** Keeps a request inside what the provider accepts: speed 0.7..1.2, stability and similarity 0..1. */
export function clampSettings(settings: SynthesisSettings): SynthesisSettings {
  const clamp = (value: number, min: number, max: number, fallback: number) =>
    Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  return {
    speed: clamp(settings.speed, ELEVENLABS_SPEED_RANGE.min, ELEVENLABS_SPEED_RANGE.max, 1),
    stability: clamp(settings.stability, 0, 1, 0.5),
    similarity: clamp(settings.similarity, 0, 1, 0.5),
  };
}

/** Reads `detail` whether it is an object, a FastAPI list, a string, or missing. */
export function parseDetail(text: string): ProviderDetail {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      status: null,
      message: text.trim() ? text.trim().slice(0, 300) : null,
      validation: null,
    };
  }
  const detail = isRecord(body) && 'detail' in body ? body.detail : body;
  if (Array.isArray(detail)) {
    const validation = detail.filter(isRecord).map((item) => ({
      loc: Array.isArray(item.loc) ? item.loc : [],
      msg: typeof item.msg === 'string' ? item.msg : '',
    }));
    return {
      status: null,
      message: validation.map((v) => `${v.loc.join('.')}: ${v.msg}`).join('; ') || null,
      validation,
    };
  }
  if (isRecord(detail)) {
    return {
      status: typeof detail.status === 'string' ? detail.status : null,
      message: typeof detail.message === 'string' ? detail.message : null,
      validation: null,
    };
  }
  return { status: null, message: typeof detail === 'string' ? detail : null, validation: null };
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const GENDERS = new Set(['male', 'female', 'neutral']);
// ElevenLabs has no child age; only an explicit label puts a voice under CHILDREN (decision 031).
const CHILD_AGES = new Set(['child', 'kid', 'children']);
const USE_CASE_TAGS: Record<string, string[]> = {
  characters_animation: ['Characters', 'Animation'],
  informative_educational: ['Informative', 'Educational'],
  entertainment_tv: ['Entertainment', 'TV'],
  narrative_story: ['Narrative', 'Story'],
  social_media: ['Social Media'],
  asmr: ['ASMR'],
};

/** One provider voice to our shape; null for an entry without an id or name. */
export function mapVoice(raw: unknown): EngineVoice | null {
  if (
    !isRecord(raw) ||
    typeof raw.voice_id !== 'string' ||
    !raw.voice_id ||
    typeof raw.name !== 'string'
  )
    return null;
  const labels = isRecord(raw.labels) ? raw.labels : {};
  // The spec reads gender/age/accent/use_case at the top level as a fallback.
  const label = (...keys: string[]): string | null => {
    for (const key of keys) {
      for (const source of [labels, raw]) {
        const value = source[key];
        if (typeof value === 'string' && value.trim()) return value.trim();
      }
    }
    return null;
  };
  const genderLabel = label('gender')?.toLowerCase() ?? null;
  const gender =
    genderLabel && GENDERS.has(genderLabel) ? (genderLabel as 'male' | 'female' | 'neutral') : null;
  const age = label('age')?.toLowerCase().replace(/[_-]+/g, ' ') ?? null;
  const accent = label('accent')?.toLowerCase().replace(/_+/g, ' ') ?? null;
  const useCase = label('use_case', 'use case')?.toLowerCase() ?? null;
  const description =
    (typeof raw.description === 'string' && raw.description.trim()) ||
    (typeof labels.description === 'string' && labels.description.trim()) ||
    (typeof labels.descriptive === 'string' && labels.descriptive.trim()) ||
    null;
  const previewUrl =
    typeof raw.preview_url === 'string' && /^https?:\/\//.test(raw.preview_url)
      ? raw.preview_url
      : null;

  return {
    providerVoiceId: raw.voice_id,
    name: raw.name.trim(),
    description,
    labels: { gender, age, accent, useCase: useCase ? useCase.replace(/_+/g, ' ') : null },
    bestFor: useCase ? bestForTags(useCase) : [],
    category: age && CHILD_AGES.has(age) ? 'children' : gender === 'female' ? 'women' : 'men',
    previewUrl,
  };
}

function bestForTags(useCase: string): string[] {
  const key = useCase.trim().replace(/[\s-]+/g, '_');
  const known = USE_CASE_TAGS[key];
  if (known) return known;
  return useCase
    .split(/\s*[,/&]\s*/)
    .map((part) =>
      part
        .replace(/_+/g, ' ')
        .trim()
        .replace(/\b\w/g, (c) => c.toUpperCase()),
    )
    .filter(Boolean)
    .slice(0, 3);
}

async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A broken error body still has a status worth acting on.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
