import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  cuePauseMs,
  rehearsalLines,
  type ReaderTrack,
  type RehearsalPlan,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import type { ScriptLine } from '@doublecast/common/scripts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { DEFAULT_SYNTHESIS_SETTINGS } from '../../voices/engines/engine';
import { requireAudioRoom, saveGeneration, toGeneration } from '../history/history.service';
import { getScript } from '../scripts/scripts.service';
import { getMonthlyUsage } from '../usage/usage.service';
import { chargedSynthesis, type ChargedOutcome } from '../readings/charged-synthesis';
import type { VoiceSummary } from '../voices/synthesis.types';
import { assembleReaderTrack, type TrackPart } from './reader-track';
import { findPaidKeys, insertPaidLine } from './rehearsal.repository';

type RehearsalCtx = Pick<AppContext, 'db' | 'clock' | 'log' | 'synthesis' | 'storage'>;

export const ROLE_REQUIRED_MESSAGE = 'Pick the character you play';
export const VOICE_REQUIRED_MESSAGE = 'Give every other character a voice';
const LINE_NOT_FOUND = 'Line not found';

/**
 * Rehearsal reads at the default voice settings; the speed control is the player's
 * playbackRate, so changing it never makes (or charges) new audio.
 */
const SETTINGS = DEFAULT_SYNTHESIS_SETTINGS;

/**
 * The key of one paid line: voice, settings and the exact text. The same words in the same voice
 * cost once, whichever scene or run they come from (docs/decisions/061-rehearsal-allowance.md).
 */
export function lineChargeKey(voiceId: string, text: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        voiceId,
        SETTINGS.speed,
        SETTINGS.stability,
        SETTINGS.similarity,
        text.trim(),
      ]),
    )
    .digest('hex');
}

const lineCharacters = (text: string) => text.trim().length;

interface PartnerLine {
  line: ScriptLine;
  voiceId: string;
  key: string;
}

async function loadScene(ctx: RehearsalCtx, options: { userId: string } & RehearsalPlanInput) {
  const script = await getScript(ctx, { userId: options.userId, id: options.scriptId });
  const lines = rehearsalLines(script.analysis?.lines ?? []);
  if (!lines.some((l) => l.character === options.role))
    throw new AppError('invalid-argument', ROLE_REQUIRED_MESSAGE);
  const partners: PartnerLine[] = [];
  for (const line of lines) {
    if (line.character === options.role) continue;
    const voiceId = options.voices[line.character!];
    if (!voiceId)
      throw new AppError('invalid-argument', VOICE_REQUIRED_MESSAGE, { character: line.character });
    partners.push({ line, voiceId, key: lineChargeKey(voiceId, line.text) });
  }
  return { script, lines, partners };
}

/** What a run will cost before it starts: only lines never paid for, each counted once. */
export async function planRehearsal(
  ctx: RehearsalCtx,
  options: { userId: string } & RehearsalPlanInput,
): Promise<RehearsalPlan> {
  const { partners } = await loadScene(ctx, options);
  const paid = await findPaidKeys(ctx.db.kysely, {
    userId: options.userId,
    keys: [...new Set(partners.map((p) => p.key))],
  });
  const counted = new Set<string>();
  let newCharacters = 0;
  for (const p of partners) {
    if (paid.has(p.key) || counted.has(p.key)) continue;
    counted.add(p.key);
    newCharacters += lineCharacters(p.line.text);
  }
  const usage = await getMonthlyUsage(ctx, { userId: options.userId });
  return {
    lines: partners.map((p) => ({
      lineId: p.line.id,
      character: p.line.character!,
      voiceId: p.voiceId,
      characters: lineCharacters(p.line.text),
      paid: paid.has(p.key),
    })),
    newCharacters,
    used: usage.used,
    limit: usage.limit,
    remaining: usage.remaining,
  };
}

/** A line's audio as it is sent, and its settled charge. */
export interface LineAudio {
  voice: VoiceSummary;
  audio: Readable;
  outcome: Promise<ChargedOutcome>;
}

/**
 * A line's audio in a voice: charged once (an idempotency key from the line's content), made
 * once (the synthesis cache), refunded when none of it was sent.
 */
export async function getLineAudio(
  ctx: RehearsalCtx,
  options: {
    userId: string;
    scriptId: string;
    lineId: string;
    voiceId: string;
    requestId: string;
    signal?: AbortSignal;
    action?: 'rehearsal' | 'reader_track';
  },
): Promise<LineAudio> {
  const script = await getScript(ctx, { userId: options.userId, id: options.scriptId });
  const line = rehearsalLines(script.analysis?.lines ?? []).find((l) => l.id === options.lineId);
  if (!line) throw new AppError('not-found', LINE_NOT_FOUND);
  return synthesizeLine(ctx, { ...options, line, scriptId: script.id });
}

async function synthesizeLine(
  ctx: RehearsalCtx,
  options: {
    userId: string;
    scriptId: string;
    line: ScriptLine;
    voiceId: string;
    requestId: string;
    signal?: AbortSignal;
    action?: 'rehearsal' | 'reader_track';
  },
): Promise<LineAudio> {
  const { userId, line, voiceId } = options;
  const key = lineChargeKey(voiceId, line.text);
  const paid = (await findPaidKeys(ctx.db.kysely, { userId, keys: [key] })).has(key);
  // A line is one unit: once any of its audio was sent it is paid for, and then free to hear
  // again (decision 102).
  const reading = await chargedSynthesis(ctx, {
    userId,
    text: line.text,
    voiceId,
    settings: SETTINGS,
    action: options.action ?? 'rehearsal',
    ledgerKey: `rehearsal:${key}`,
    metadata: { scriptId: options.scriptId, lineId: line.id },
    unit: 'whole',
    prepaid: paid,
    // Recorded before the line's stream ends, so the next plan already counts it as paid.
    beforeEnd: async (outcome, made) => {
      if (paid || outcome.charged === 0) return;
      await insertPaidLine(ctx.db.kysely, {
        user_id: userId,
        charge_key: key,
        characters: lineCharacters(line.text),
        reservation_id: made.reservation?.reservationId ?? null,
        created_at: ctx.clock.now().toISOString(),
      });
    },
    requestId: options.requestId,
    signal: options.signal ?? new AbortController().signal,
  });
  return { voice: reading.voice, audio: reading.audio, outcome: reading.outcome };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The reader track: the partners' lines with silence sized to each of the actor's lines, as one
 * MP3 kept in history. Lines already paid for cost nothing.
 */
export async function createReaderTrack(
  ctx: RehearsalCtx,
  options: { userId: string; requestId: string } & RehearsalPlanInput,
): Promise<ReaderTrack> {
  const { script, lines, partners } = await loadScene(ctx, options);
  await requireAudioRoom(ctx, options.userId);
  const voiceOf = new Map(partners.map((p) => [p.line.id, p.voiceId]));
  const parts: TrackPart[] = [];
  const names = new Map<string, string>();
  let firstVoice: VoiceSummary | null = null;
  let characters = 0;
  for (const line of lines) {
    const voiceId = voiceOf.get(line.id);
    if (!voiceId) {
      parts.push({ kind: 'gap', seconds: cuePauseMs(line.text) / 1000 });
      continue;
    }
    const result = await synthesizeLine(ctx, {
      ...options,
      scriptId: script.id,
      line,
      voiceId,
      action: 'reader_track',
    });
    const [mp3, outcome] = await Promise.all([readAll(result.audio), result.outcome]);
    if (!outcome.complete) throw new AppError('internal', 'Could not make the reader track');
    parts.push({ kind: 'audio', mp3 });
    firstVoice ??= result.voice;
    names.set(result.voice.id, result.voice.name);
    characters += lineCharacters(line.text);
  }
  if (!firstVoice) throw new AppError('invalid-argument', VOICE_REQUIRED_MESSAGE);
  const { mp3, seconds } = await assembleReaderTrack(parts);

  const now = ctx.clock.now();
  const id = newId();
  const audioKey = `users/${options.userId}/generations/reader_track_${now.getTime()}_${id}.mp3`;
  const writer = await ctx.storage.openWriter(audioKey);
  writer.write(mp3);
  const { bytes } = await writer.end();
  const durationSeconds = seconds.reduce((a, b) => a + b, 0);
  const nowIso = now.toISOString();
  const row = {
    id,
    user_id: options.userId,
    text: `Reader track: ${script.title} (you read ${options.role})`,
    audio_key: audioKey,
    voice_id: firstVoice.id,
    voice_name: [...names.values()].join(', '),
    voice_gender: firstVoice.gender,
    voice_accent: firstVoice.accent,
    voice_age: firstVoice.age,
    created_at: nowIso,
    duration: Math.round(durationSeconds * 1000) / 1000,
    character_count: characters,
    script_id: script.id,
    size_bytes: bytes,
    settings: JSON.stringify(SETTINGS),
    is_deleted: 0,
    deleted_at: null,
    updated_at: nowIso,
  };
  await saveGeneration(ctx, row);
  return {
    generationId: id,
    downloadUrl: `${toGeneration(row).audioUrl}?download=1`,
    durationSeconds,
    segments: lines.map((line, i) => ({
      lineId: line.id,
      kind: voiceOf.has(line.id) ? ('partner' as const) : ('gap' as const),
      seconds: seconds[i]!,
    })),
  };
}
