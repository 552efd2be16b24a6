import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  cuePauseMs,
  READER_TRACK_MAX_SECONDS,
  READER_TRACK_TOO_LONG_MESSAGE,
  rehearsalLines,
  SCENE_TEXT_MISMATCH_MESSAGE,
  type ReaderTrack,
  type RehearsalPlan,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import type { Script, ScriptLine } from '@doublecast/common/scripts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { requireAudioRoom, saveReading, toReading } from '../history/history.service';
import { getScript } from '../scripts/scripts.service';
import { getMonthlyUsage } from '../usage/usage.service';
import { chargedSynthesis, type ChargedOutcome } from '../readings/charged-synthesis';
import type { VoiceSummary } from '../voices/synthesis.types';
import { assembleReaderTrack, openTrackFolder, type TrackPart } from './reader-track';
import { findPaidKeys, insertPaidLine } from './rehearsal.repository';

type RehearsalCtx = Pick<
  AppContext,
  'db' | 'clock' | 'log' | 'synthesis' | 'storage' | 'workerPool'
>;

export const ROLE_REQUIRED_MESSAGE = 'Pick the character you play';
export const VOICE_REQUIRED_MESSAGE = 'Give every other character a voice';
const LINE_NOT_FOUND = 'Line not found';
/** Faster than any voice speaks, so the estimate of a track's length never overshoots. */
const FASTEST_CHARACTERS_PER_SECOND = 25;

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

/**
 * The spoken lines of a stored script, checked against its text (decision 104). The split is
 * sent by the client, so the lines may only say words the script's own text holds, and each
 * word no more often than the text does (a parser may drop cues, directions and markup, or
 * reorder dual dialogue, but never adds words). A split that invents lines, or repeats real ones,
 * is refused, so a tiny script can never become hours of audio. One pass over each text.
 */
export function sceneLines(script: Pick<Script, 'content' | 'analysis'>): ScriptLine[] {
  const lines = rehearsalLines(script.analysis?.lines ?? []);
  const left = new Map<string, number>();
  for (const word of wordsOf(script.content)) left.set(word, (left.get(word) ?? 0) + 1);
  for (const line of lines) {
    for (const word of wordsOf(line.text)) {
      const n = left.get(word) ?? 0;
      if (n === 0) throw new AppError('invalid-argument', SCENE_TEXT_MISMATCH_MESSAGE);
      left.set(word, n - 1);
    }
  }
  return lines;
}

const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

async function loadScene(ctx: RehearsalCtx, options: { userId: string } & RehearsalPlanInput) {
  const script = await getScript(ctx, { userId: options.userId, id: options.scriptId });
  const lines = sceneLines(script);
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
  const line = sceneLines(script).find((l) => l.id === options.lineId);
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
  // A line is one unit: once any of its audio is sent it is paid for, and then free to hear
  // again (decisions 102 and 260).
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
    // Recorded as soon as the charge is final, before the first byte: the next plan counts it
    // as paid, and so does a request for the same line that waited on this one.
    onCommit: (reservation) =>
      insertPaidLine(ctx.db.kysely, {
        user_id: userId,
        charge_key: key,
        characters: lineCharacters(line.text),
        reservation_id: reservation.reservationId,
        created_at: ctx.clock.now().toISOString(),
      }),
    requestId: options.requestId,
    signal: options.signal ?? new AbortController().signal,
  });
  return { voice: reading.voice, audio: reading.audio, outcome: reading.outcome };
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
  // Refused before anything is charged when even fast speech and the silences pass the cap.
  const shortest = lines.reduce(
    (sum, line) =>
      sum +
      (voiceOf.has(line.id)
        ? lineCharacters(line.text) / FASTEST_CHARACTERS_PER_SECOND
        : cuePauseMs(line.text) / 1000),
    0,
  );
  if (shortest > READER_TRACK_MAX_SECONDS)
    throw new AppError('invalid-argument', READER_TRACK_TOO_LONG_MESSAGE);

  const folder = await openTrackFolder();
  try {
    const parts: TrackPart[] = [];
    const names = new Map<string, string>();
    let firstVoice: VoiceSummary | null = null;
    let characters = 0;
    for (const [i, line] of lines.entries()) {
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
      // Each line goes to its own file as it is made, never whole into memory.
      const file = path.join(folder.dir, `line-${i}.mp3`);
      const [, outcome] = await Promise.all([
        pipeline(result.audio, fs.createWriteStream(file, { mode: 0o600 })),
        result.outcome,
      ]);
      if (!outcome.complete) throw new AppError('internal', 'Could not make the reader track');
      parts.push({ kind: 'audio', file });
      firstVoice ??= result.voice;
      names.set(result.voice.id, result.voice.name);
      characters += lineCharacters(line.text);
    }
    if (!firstVoice) throw new AppError('invalid-argument', VOICE_REQUIRED_MESSAGE);
    // sox runs in the bounded pool, like every synthesis: a slot per track.
    const release = await ctx.workerPool.acquire();
    let track: Awaited<ReturnType<typeof assembleReaderTrack>>;
    try {
      track = await assembleReaderTrack(folder.dir, parts);
    } finally {
      release();
    }
    const { seconds } = track;

    const now = ctx.clock.now();
    const id = newId();
    const audioKey = `users/${options.userId}/generations/reader_track_${now.getTime()}_${id}.mp3`;
    const writer = await ctx.storage.openWriter(audioKey);
    let bytes: number;
    try {
      for await (const chunk of fs.createReadStream(track.file))
        await writer.write(chunk as Buffer);
      ({ bytes } = await writer.end());
    } catch (e) {
      await writer.abort().catch(() => undefined);
      throw e;
    }
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
    await saveReading(ctx, row);
    return {
      generationId: id,
      downloadUrl: `${toReading(row).audioUrl}?download=1`,
      durationSeconds,
      segments: lines.map((line, i) => ({
        lineId: line.id,
        kind: voiceOf.has(line.id) ? ('partner' as const) : ('gap' as const),
        seconds: seconds[i]!,
      })),
    };
  } finally {
    await folder.remove();
  }
}
