import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  countCharacters,
  STUDIO_TAKE_TEXTS,
  type ReadingInput,
  type SceneCast,
} from '@doublecast/common/studio';
import {
  applyPronunciations,
  deliveryKey,
  isPlainDelivery,
  type Delivery,
} from '@doublecast/common/direction';
import type { AppContext } from '../../app-context';
import { getScript } from '../scripts';
import type { SessionUser } from '../../http/auth-guard';
import { newId } from '../../lib/ids';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { trackEvent } from '../analytics';
import { requirePaidUser } from '../billing';
import { findOwnReading, requireAudioRoom, saveReading } from '../history';
import { recordRecentVoice } from '../preferences';
import { chargedSynthesis, deliveryFor, type ChargedOutcome } from './charged-synthesis';
import { pronunciationsFor } from '../pronunciations';
import { claimReadingRequest, type ClaimedRequest } from './reading-requests.service';
import { getMonthlyUsage, recordUsageDuration, type Reservation } from '../usage';
import { AppError } from '../../lib/app-error';
import { mp3StreamDurationSeconds } from './mp3-duration';
import { castScene, sceneCharacters, sceneParts, type ScenePart } from './scene';
import { listAvailableVoices, type VoiceSummary } from '../voices';

/** The route name Studio keys are bound to (decision 100). */
export const STUDIO_ROUTE = 'studio';
export const REPLAY_GONE_MESSAGE = 'Recording not found';

export interface ReadingStream {
  generationId: string;
  voice: VoiceSummary | null;
  remaining: number;
  /** True when the idempotency key's reading was answered again; nothing new was made. */
  replayed: boolean;
  /** MP3 bytes as they are made; the reading is stored and saved to history as they pass. */
  audio: Readable;
}

/**
 * One Studio reading (docs/glossary.md#studio-generation): paid users only; a keyed request is
 * bound to its key first (decision 100); then the one charged synthesis (decision 102) reserves
 * the characters, streams the first audio byte as soon as the engine makes it while the same
 * bytes go to storage, and charges what was delivered. When the whole reading was sent it
 * becomes a history item with its duration, and usage and analytics are recorded. A failure to
 * save history or usage is logged and never stops the audio. See docs/decisions/041.
 */
export async function startReading(
  ctx: AppContext,
  options: {
    user: SessionUser;
    input: ReadingInput;
    /** The caller's Idempotency-Key, if it sent one (bound to this request, decision 100). */
    idempotencyKey?: string;
    requestId: string;
    signal: AbortSignal;
  },
): Promise<ReadingStream> {
  const { user, input, signal } = options;
  await requirePaidUser(ctx, user.id);
  // A reading may only point at the caller's own script (docs/glossary.md#S5); another user's id is not found.
  if (input.scriptId) await getScript(ctx, { userId: user.id, id: input.scriptId });
  const settings = input.settings ?? DEFAULT_SYNTHESIS_SETTINGS;
  // A scene: every character in its own voice, parentheticals never read (decision 282).
  const parts = input.scene ? sceneParts(input.text, input.scene) : null;
  const characters = parts ? sceneCharacters(parts) : countCharacters(input.text);
  // A note and a take (decision 311): a scene's voices each keep the directions they act on.
  const delivery = await deliveryFor(ctx, {
    voiceId: parts ? null : input.voiceId,
    texts: [input.note],
    take: input.take,
  });
  // Another take belongs to a reading of the caller's (kept or since deleted): another user's is not found.
  if (
    input.takeOf &&
    !(await findOwnReading(ctx, { id: input.takeOf, userId: user.id, includeDeleted: true }))
  )
    throw new AppError('not-found', STUDIO_TAKE_TEXTS.readingNotFound);
  const pronunciations = await pronunciationsFor(ctx, {
    userId: user.id,
    scriptId: input.scriptId ?? null,
  });
  const take = takeCharge(input, delivery, applyPronunciations(input.text, pronunciations));
  let claim: ClaimedRequest | null = null;
  if (options.idempotencyKey) {
    const found = await claimReadingRequest(ctx, {
      userId: user.id,
      route: STUDIO_ROUTE,
      text: input.text,
      // A key is bound to the scene's whole cast too.
      voiceId: [
        input.voiceId,
        ...(input.scene ? [sceneKey(input.scene)] : []),
        // ... and to how it is said.
        ...(isPlainDelivery(delivery) ? [] : [deliveryKey(delivery), input.takeOf ?? '']),
      ].join('|'),
      settings,
      scriptId: input.scriptId ?? null,
      idempotencyKey: options.idempotencyKey,
    });
    if (found.kind === 'replay') return replayReading(ctx, user.id, found.generationId);
    claim = found;
  }
  // A replay keeps nothing new, so only a new reading needs room (decision 103).
  await requireAudioRoom(ctx, user.id).catch(async (e: unknown) => {
    await claim?.release();
    throw e;
  });
  const now = ctx.clock.now();
  const readingId = newId();
  const audioKey = `users/${user.id}/generations/generation_${now.getTime()}_${readingId}.mp3`;
  const writer = await ctx.storage.openWriter(audioKey).catch((err: unknown) => {
    ctx.log.error({ err }, 'could not open storage for a reading; it will play but not be kept');
    return null;
  });
  const keepReading = async (
    outcome: ChargedOutcome,
    made: { voice: VoiceSummary; reservation: Reservation | null },
  ): Promise<void> => {
    let saved = false;
    if (outcome.complete) {
      try {
        await storeReading(outcome, made);
        saved = true;
      } catch (err) {
        // docs/glossary.md#studio-generation: a failure to save history or usage is only logged; playback carries on.
        ctx.log.error({ err, generationId: readingId }, 'failed to save a reading to history');
      }
      await recordRecentVoice(ctx, { userId: user.id, voiceId: input.voiceId }).catch(
        (err: unknown) => ctx.log.warn({ err }, 'failed to update recent voices'),
      );
    } else {
      await writer?.abort().catch(() => undefined);
    }
    if (saved || !claim) return;
    // Nothing kept: a replay of the key answers nothing when part was charged, and a request
    // that cost nothing leaves its key free for a retry.
    await (outcome.charged > 0 ? claim.spend() : claim.release());
  };

  const storeReading = async (
    outcome: ChargedOutcome,
    made: { voice: VoiceSummary; reservation: Reservation | null },
  ): Promise<void> => {
    if (!writer) throw new Error('the reading has no storage');
    const { bytes } = await writer.end();
    const audio = await ctx.storage.read(audioKey);
    const duration = audio ? await mp3StreamDurationSeconds(audio.stream, audio.size) : null;
    await saveReading(ctx, {
      id: readingId,
      user_id: user.id,
      text: input.text,
      audio_key: audioKey,
      voice_id: input.voiceId,
      voice_name: parts ? sceneVoiceName(parts) : made.voice.name,
      voice_gender: made.voice.gender,
      voice_accent: made.voice.accent,
      voice_age: made.voice.age,
      created_at: now.toISOString(),
      duration,
      character_count: characters,
      script_id: input.scriptId ?? null,
      size_bytes: bytes,
      settings: JSON.stringify(settings),
      is_deleted: 0,
      deleted_at: null,
      updated_at: ctx.clock.now().toISOString(),
    });
    await claim?.finish(readingId);
    if (duration !== null && made.reservation && outcome.charged > 0) {
      await recordUsageDuration(ctx, { reservationId: made.reservation.reservationId, duration });
    }
    await trackEvent(ctx, {
      name: 'recording_created',
      userId: user.id,
      properties: {
        generationId: readingId,
        voiceId: input.voiceId,
        characterCount: characters,
        scene: parts !== null,
        duration,
        cached: outcome.cached,
      },
    });
  };

  let reading;
  try {
    reading = await chargedSynthesis(ctx, {
      userId: user.id,
      text: input.text,
      voiceId: input.voiceId,
      settings,
      ...(isPlainDelivery(delivery) ? {} : { delivery }),
      pronunciations,
      action: 'generation',
      // The ledger's key is the server's own: a caller's key never reaches it (decision 100). A
      // take's key is what it reads and how, so the same take again is not charged again.
      ledgerKey: take ? take.ledgerKey : `${STUDIO_ROUTE}:${readingId}`,
      metadata: {
        settings,
        scriptId: input.scriptId ?? null,
        ...(parts ? { scene: true } : {}),
        ...(isPlainDelivery(delivery)
          ? {}
          : { delivery: deliveryKey(delivery), takeOf: input.takeOf ?? null }),
      },
      unit: 'sentences',
      ...(take ? { wholeOnceSent: true } : {}),
      ...(parts ? { parts } : {}),
      onChunk: (chunk) => writer?.write(chunk),
      beforeEnd: keepReading,
      requestId: options.requestId,
      signal,
    });
  } catch (e) {
    await writer?.abort().catch(() => undefined);
    await claim?.release();
    throw e;
  }

  return {
    generationId: readingId,
    voice: reading.voice,
    remaining: reading.reservation!.remaining,
    replayed: false,
    audio: reading.audio,
  };
}

/**
 * The Studio's "read as a scene": whether the text is a script, and a voice for each character
 * from the voices this user may use, natural ones first (decision 281). Paid users only, like
 * the Studio.
 */
export async function suggestSceneCast(
  ctx: AppContext,
  options: { user: SessionUser; text: string },
): Promise<SceneCast> {
  await requirePaidUser(ctx, options.user.id);
  const voices = await listAvailableVoices(ctx, { userId: options.user.id });
  return castScene(
    options.text,
    voices.map((v) => ({ ...v, natural: v.engine !== 'local' })),
  );
}

/**
 * The answer to a replayed key: the reading its first request saved, or nothing (not-found) when
 * that reading was never saved or has been deleted. Never a new synthesis.
 */
async function replayReading(
  ctx: AppContext,
  userId: string,
  generationId: string | null,
): Promise<ReadingStream> {
  const saved = generationId ? await findOwnReading(ctx, { id: generationId, userId }) : null;
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

/**
 * Another take's charge (decision 311): its key names the reading it is a take of, what is read
 * (as said, after respellings) in which voices and settings, and how; null for a first read,
 * which is charged as every Studio reading is.
 */
function takeCharge(
  input: ReadingInput,
  delivery: Delivery,
  said: string,
): { ledgerKey: string } | null {
  if (delivery.take === 1 || !input.takeOf) return null;
  const what = JSON.stringify([
    input.takeOf,
    input.text.trim(),
    said === input.text ? null : said,
    input.voiceId,
    input.settings ?? DEFAULT_SYNTHESIS_SETTINGS,
    input.scene ? sceneKey(input.scene) : null,
    deliveryKey(delivery),
  ]);
  return { ledgerKey: `${STUDIO_ROUTE}:take:${createHash('sha256').update(what).digest('hex')}` };
}

/** The cast in a stable order, for binding an idempotency key to it. */
function sceneKey(scene: NonNullable<ReadingInput['scene']>): string {
  const cast = Object.entries(scene.cast).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([cast, scene.narratorVoiceId]);
}

/** How history names a scene reading: "Scene, 3 voices". */
function sceneVoiceName(parts: readonly ScenePart[]): string {
  const voices = new Set(parts.map((p) => p.voiceId)).size;
  return `Scene, ${voices} ${voices === 1 ? 'voice' : 'voices'}`;
}
