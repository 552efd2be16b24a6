import { PassThrough, type Readable } from 'node:stream';
import { countCharacters, type GenerationInput } from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { getScript } from '../scripts/scripts.service';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import { DEFAULT_SYNTHESIS_SETTINGS } from '../../voices/engines/engine';
import { trackEvent } from '../analytics/analytics.service';
import { requirePaidUser } from '../billing/subscription.service';
import { findOwnGeneration, saveGeneration } from '../history/history.service';
import { recordRecentVoice } from '../preferences/preferences.service';
import type { VoiceSummary } from '../voices/synthesis.types';
import {
  getMonthlyUsage,
  recordUsageDuration,
  refundReservation,
  reserveCharacters,
} from '../usage/usage.service';
import { newId } from '../../lib/ids';
import { claimReadingRequest, type ClaimedRequest } from '../readings/reading-requests.service';
import { mp3DurationSeconds } from './mp3-duration';

/** The route name Studio keys are bound to (decision 100). */
export const STUDIO_ROUTE = 'studio';
export const REPLAY_GONE_MESSAGE = 'Recording not found';

/** A synthesis that sends nothing for `stallTimeoutMs` is treated as failed (and refunded). */
export const generationTuning = { stallTimeoutMs: 30_000 };

export interface GenerationStream {
  generationId: string;
  voice: VoiceSummary | null;
  remaining: number;
  /** True when the idempotency key was already charged; nothing new was consumed. */
  replayed: boolean;
  /** MP3 bytes as they are made; the reading is stored and saved to history as they pass. */
  audio: Readable;
}

/**
 * One Studio reading (spec section 4, "Studio generation"): paid users only; the characters are
 * reserved before synthesis and given back if it fails or the caller goes away; the first audio
 * byte is answered as soon as the engine makes it, while the same bytes go to storage; when the
 * stream ends the reading becomes a history item with its duration, and usage and analytics are
 * recorded. A failure to save history or usage is logged and never stops the audio.
 * See docs/decisions/041-streamed-generation.md.
 */
export async function startGeneration(
  ctx: AppContext,
  options: {
    user: SessionUser;
    input: GenerationInput;
    /** The caller's Idempotency-Key, if it sent one (bound to this request, decision 100). */
    idempotencyKey?: string;
    requestId: string;
    signal: AbortSignal;
  },
): Promise<GenerationStream> {
  const { user, input, signal } = options;
  await requirePaidUser(ctx, user.id);
  // A reading may only point at the caller's own script (S5); another user's id is not found.
  if (input.scriptId) await getScript(ctx, { userId: user.id, id: input.scriptId });
  const settings = input.settings ?? DEFAULT_SYNTHESIS_SETTINGS;
  const characters = countCharacters(input.text);
  let claim: ClaimedRequest | null = null;
  if (options.idempotencyKey) {
    const found = await claimReadingRequest(ctx, {
      userId: user.id,
      route: STUDIO_ROUTE,
      text: input.text,
      voiceId: input.voiceId,
      settings,
      scriptId: input.scriptId ?? null,
      idempotencyKey: options.idempotencyKey,
    });
    if (found.kind === 'replay') return replayReading(ctx, user.id, found.generationId);
    claim = found;
  }
  let reservation;
  try {
    reservation = await reserveCharacters(ctx, {
      userId: user.id,
      characters,
      // The ledger's key is the server's own: a caller's key never reaches it (decision 100).
      idempotencyKey: `${STUDIO_ROUTE}:${newId()}`,
      action: 'generation',
      voiceId: input.voiceId,
      metadata: { settings, scriptId: input.scriptId ?? null },
    });
  } catch (e) {
    await claim?.release();
    throw e;
  }
  const generationId = reservation.reservationId;
  const refund = async (reason: string) => {
    try {
      await refundReservation(ctx, { reservationId: reservation.reservationId, reason });
      await claim?.release();
    } catch (err) {
      ctx.log.error(
        { err, reservationId: reservation.reservationId },
        'failed to refund a reading',
      );
    }
  };

  let result;
  let first: IteratorResult<Buffer>;
  let chunks: AsyncIterator<Buffer>;
  try {
    if (signal.aborted) throw new AppError('aborted', 'Request was cancelled');
    result = await ctx.synthesis.synthesize({
      text: input.text,
      voiceId: input.voiceId,
      settings,
      userId: user.id,
      requestId: options.requestId,
      signal,
    });
    chunks = result.audio[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    first = await withStallTimeout(chunks.next(), signal);
    if (first.done) throw new AppError('internal', 'Failed to generate speech');
  } catch (err) {
    result?.audio.destroy();
    await refund(signal.aborted ? 'aborted' : 'synthesis_failed');
    if (err instanceof AppError) throw err;
    ctx.log.error({ err, requestId: options.requestId }, 'synthesis failed before the first byte');
    throw new AppError('internal', 'Failed to generate speech. Please try again.');
  }

  const synthesis = result;
  const out = new PassThrough();
  const now = ctx.clock.now();
  const audioKey = `users/${user.id}/generations/generation_${now.getTime()}_${generationId}.mp3`;
  const writer = await ctx.storage.openWriter(audioKey).catch((err: unknown) => {
    ctx.log.error({ err }, 'could not open storage for a reading; it will play but not be kept');
    return null;
  });

  const pump = async () => {
    try {
      let next: IteratorResult<Buffer> = first;
      while (!next.done) {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        writer?.write(chunk);
        if (!out.destroyed) out.write(chunk);
        next = await withStallTimeout(chunks.next(), signal);
      }
      await synthesis.done;
    } catch (err) {
      synthesis.audio.destroy();
      await writer?.abort().catch(() => undefined);
      await refund(signal.aborted ? 'aborted' : 'synthesis_failed');
      if (!signal.aborted)
        ctx.log.error({ err, requestId: options.requestId }, 'synthesis failed mid-stream');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    await finishReading();
    out.end();
  };

  const finishReading = async () => {
    let saved = false;
    try {
      if (!writer) throw new Error('the reading has no storage');
      const { bytes } = await writer.end();
      const audio = await ctx.storage.readAll(audioKey);
      const duration = audio ? mp3DurationSeconds(audio) : null;
      const nowIso = ctx.clock.now().toISOString();
      await saveGeneration(ctx, {
        id: generationId,
        user_id: user.id,
        text: input.text,
        audio_key: audioKey,
        voice_id: input.voiceId,
        voice_name: synthesis.voice.name,
        voice_gender: synthesis.voice.gender,
        voice_accent: synthesis.voice.accent,
        voice_age: synthesis.voice.age,
        created_at: now.toISOString(),
        duration,
        character_count: characters,
        script_id: input.scriptId ?? null,
        size_bytes: bytes,
        settings: JSON.stringify(settings),
        is_deleted: 0,
        deleted_at: null,
        updated_at: nowIso,
      });
      await claim?.finish(generationId);
      saved = true;
      if (duration !== null) {
        await recordUsageDuration(ctx, { reservationId: reservation.reservationId, duration });
      }
      await trackEvent(ctx, {
        name: 'recording_created',
        userId: user.id,
        properties: {
          generationId,
          voiceId: input.voiceId,
          characterCount: characters,
          duration,
          cached: synthesis.cached,
        },
      });
    } catch (err) {
      // Spec section 4: a failure to save history or usage is only logged; playback carries on.
      ctx.log.error({ err, generationId }, 'failed to save a reading to history');
    }
    // Delivered and charged, but not kept: a replay of its key answers nothing.
    if (!saved)
      await claim
        ?.spend()
        .catch((err: unknown) => ctx.log.error({ err }, 'could not close a reading request'));
    try {
      await recordRecentVoice(ctx, { userId: user.id, voiceId: input.voiceId });
    } catch (err) {
      ctx.log.warn({ err }, 'failed to update recent voices');
    }
  };

  void pump();
  return {
    generationId,
    voice: synthesis.voice,
    remaining: reservation.remaining,
    replayed: false,
    audio: out,
  };
}

/**
 * The answer to a replayed key: the reading its first request saved, or nothing (not-found) when
 * that reading was never saved or has been deleted. Never a new synthesis.
 */
async function replayReading(
  ctx: AppContext,
  userId: string,
  generationId: string | null,
): Promise<GenerationStream> {
  const saved = generationId ? await findOwnGeneration(ctx, { id: generationId, userId }) : null;
  const stored = saved ? await ctx.storage.read(saved.audio_key) : null;
  if (!saved || !stored) throw new AppError('not-found', REPLAY_GONE_MESSAGE);
  const usage = await getMonthlyUsage(ctx, { userId });
  return {
    generationId: saved.id,
    voice: {
      id: saved.voice_id,
      name: saved.voice_name,
      gender: saved.voice_gender,
      accent: saved.voice_accent,
      age: saved.voice_age,
    },
    remaining: usage.remaining,
    replayed: true,
    audio: stored.stream,
  };
}

function withStallTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => finish(() => reject(new AppError('aborted', 'Request was cancelled')));
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new AppError('unavailable', 'Failed to generate speech. Please try again.')),
        ),
      generationTuning.stallTimeoutMs,
    );
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e)),
    );
  });
}
