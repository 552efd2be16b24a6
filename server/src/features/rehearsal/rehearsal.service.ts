import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import {
  cuePauseMs,
  READER_TRACK_MAX_SECONDS,
  READER_TRACK_TOO_LONG_MESSAGE,
  SCENE_TEXT_MISMATCH_MESSAGE,
  type ReaderTrack,
  type RehearsalPlan,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import {
  applyPronunciations,
  deliveryKey,
  isPlainDelivery,
  type Delivery,
  type PronunciationMap,
} from '@doublecast/common/direction';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { requireAudioRoom, saveReading, toReading } from '../history';
import {
  findRehearsalLine,
  getRehearsalScript,
  readRehearsalLineHeads,
  readRehearsalLines,
  type RehearsalScript,
} from '../scripts';
import { getMonthlyUsage } from '../usage';
import { pronunciationsFor } from '../pronunciations';
import { chargedSynthesis, deliveryFor, type ChargedOutcome } from '../readings';
import type { VoiceSummary } from '../voices';
import { assembleReaderTrack, openTrackFolder, type TrackPart } from './reader-track';
import {
  describePaidLine,
  findPaidLine,
  findPaidTexts,
  insertPaidLine,
  PAID_TEXTS_PER_LOOKUP,
} from './rehearsal.repository';

type RehearsalCtx = Pick<
  AppContext,
  'db' | 'clock' | 'log' | 'synthesis' | 'storage' | 'workerPool'
>;

export const ROLE_REQUIRED_MESSAGE = 'Pick the character you play';
export const VOICE_REQUIRED_MESSAGE = 'Give every other character a voice';
const LINE_NOT_FOUND = 'Line not found';
/** Faster than any voice speaks, so the estimate of a track's length never overshoots. */
const FASTEST_CHARACTERS_PER_SECOND = 25;
/** Lines a plan or a track reads and answers between two turns of the event loop. */
const LINES_PER_TURN = 500;

/**
 * Rehearsal reads at the default voice settings; the speed control is the player's
 * playbackRate, so changing it never makes (or charges) new audio.
 */
const SETTINGS = DEFAULT_SYNTHESIS_SETTINGS;

/**
 * The key of one paid line: voice, settings and the exact text. The same words in the same voice
 * cost once, whichever scene or run they come from (docs/decisions/061-rehearsal-allowance.md).
 */
export function lineChargeKey(
  voiceId: string,
  text: string,
  delivery?: Delivery,
  /** The text as spoken, when the user's respellings change it: another read, paid on its own. */
  respelled?: string,
): string {
  const said = [
    voiceId,
    SETTINGS.speed,
    SETTINGS.stability,
    SETTINGS.similarity,
    text.trim(),
    // The plain first read keeps the key it always had: lines paid before stay paid.
    ...(isPlainDelivery(delivery) ? [] : [deliveryKey(delivery)]),
    ...(respelled === undefined ? [] : [{ respelled }]),
  ];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex');
}

/** A spoken line as rehearsal uses it: prepared when the script was saved (decision 261). */
interface SceneLine {
  id: string;
  speaker: string;
  text: string;
  characters: number;
  textHash: string;
}

/**
 * The user's script ready to rehearse (its lines prepared, decision 261), or the refusal: not
 * found, or lines that say words its text does not hold (decision 104).
 */
async function openScene(
  ctx: RehearsalCtx,
  options: { userId: string; scriptId: string },
): Promise<RehearsalScript> {
  const script = await getRehearsalScript(ctx, { userId: options.userId, id: options.scriptId });
  if (!script.linesMatch) throw new AppError('invalid-argument', SCENE_TEXT_MISMATCH_MESSAGE);
  return script;
}

/**
 * Every spoken line of the script in order, a page at a time with other requests let in between
 * pages; `onPage` may stop the reading by returning false.
 */
async function eachScenePage(
  ctx: RehearsalCtx,
  script: RehearsalScript,
  onPage: (lines: SceneLine[]) => Promise<boolean | void> | boolean | void,
): Promise<void> {
  const { linesKey } = script;
  if (!linesKey) return;
  for (let from = 0; ; from += LINES_PER_TURN) {
    if (from > 0) await setImmediate();
    const rows = await readRehearsalLines(ctx, { linesKey, from, limit: LINES_PER_TURN });
    const lines = rows.map((r) => ({
      id: r.line_id,
      speaker: r.speaker,
      text: r.text,
      characters: Number(r.characters),
      textHash: r.text_hash,
    }));
    if ((await onPage(lines)) === false || rows.length < LINES_PER_TURN) return;
  }
}

/**
 * Who reads what in a run: the actor's role (it must speak) and a voice for every other
 * speaker, checked as the lines go by; `check` gives the refusal, the role's first.
 */
function castOf(options: RehearsalPlanInput) {
  const chosen = new Map(Object.entries(options.voices));
  let roleSpeaks = false;
  let voiceless: string | null = null;
  return {
    /** The line's voice, or null for the actor's own lines and speakers without one. */
    voiceFor(speaker: string): string | null {
      if (speaker === options.role) {
        roleSpeaks = true;
        return null;
      }
      const voiceId = chosen.get(speaker) ?? null;
      if (!voiceId) voiceless ??= speaker;
      return voiceId;
    },
    get complete() {
      return voiceless === null;
    },
    check(): void {
      if (!roleSpeaks) throw new AppError('invalid-argument', ROLE_REQUIRED_MESSAGE);
      if (voiceless !== null)
        throw new AppError('invalid-argument', VOICE_REQUIRED_MESSAGE, { character: voiceless });
    },
  };
}

/**
 * What a run will cost before it starts: only lines never paid for, each counted once. The work
 * is in proportion to the lines it lists, read a page at a time without their text, with other
 * requests let in between pages (decision 261): the script's text and split are never read.
 * Answered as JSON, encoded page by page.
 */
export async function planRehearsal(
  ctx: RehearsalCtx,
  options: { userId: string } & RehearsalPlanInput,
): Promise<Buffer> {
  const script = await openScene(ctx, options);
  const cast = castOf(options);
  const parts: Buffer[] = [];
  const counted = new Set<string>();
  /** A speaker's and a voice's name as JSON, made once each. */
  const asJson = new Map<string, string>();
  const json = (s: string) => {
    let j = asJson.get(s);
    if (j === undefined) asJson.set(s, (j = JSON.stringify(s)));
    return j;
  };
  let newCharacters = 0;
  const { linesKey } = script;
  for (let from = 0; linesKey; from += PAID_TEXTS_PER_LOOKUP) {
    if (from > 0) await setImmediate();
    const rows = await readRehearsalLineHeads(ctx, {
      linesKey,
      from,
      limit: PAID_TEXTS_PER_LOOKUP,
    });
    const partners: [
      lineId: string,
      speaker: string,
      characters: number,
      hash: string,
      voiceId: string,
    ][] = [];
    for (const [lineId, speaker, characters, hash] of rows) {
      const voiceId = cast.voiceFor(speaker);
      if (voiceId) partners.push([lineId, speaker, Number(characters), hash, voiceId]);
    }
    // Refused in the end: the rest is only read for the role.
    if (cast.complete && partners.length) {
      const paid = await findPaidTexts(ctx.db, {
        userId: options.userId,
        textHashes: [...new Set(partners.map((p) => p[3]))],
      });
      let page = '';
      for (const [lineId, speaker, characters, hash, voiceId] of partners) {
        const key = `${voiceId}\u0000${hash}`;
        const isPaid = paid.has(key);
        if (!isPaid && !counted.has(key)) {
          counted.add(key);
          newCharacters += characters;
        }
        page += `${page || parts.length ? ',' : ''}{"lineId":${json(lineId)},"character":${json(speaker)},"voiceId":${json(voiceId)},"characters":${characters},"paid":${isPaid}}`;
      }
      parts.push(Buffer.from(page));
    }
    if (rows.length < PAID_TEXTS_PER_LOOKUP) break;
  }
  cast.check();
  const usage = await getMonthlyUsage(ctx, { userId: options.userId });
  const rest: Omit<RehearsalPlan, 'lines'> = {
    newCharacters,
    used: usage.used,
    limit: usage.limit,
    remaining: usage.remaining,
  };
  return Buffer.concat([
    Buffer.from('{"lines":['),
    ...parts,
    Buffer.from(`],${JSON.stringify(rest).slice(1)}`),
  ]);
}

/** A line's audio as it is sent, and its settled charge. */
export interface LineAudio {
  voice: VoiceSummary;
  audio: Readable;
  outcome: Promise<ChargedOutcome>;
}

/**
 * A line's audio in a voice: charged once (an idempotency key from the line's content and how it
 * is said), made once (the synthesis cache), refunded when none of it was sent. A note is read
 * for directions (decision 320); those the voice does not act on change nothing, so they neither
 * make nor charge another read.
 */
export async function getLineAudio(
  ctx: RehearsalCtx,
  options: {
    userId: string;
    scriptId: string;
    lineId: string;
    voiceId: string;
    note?: string;
    take?: number;
    requestId: string;
    signal?: AbortSignal;
  },
): Promise<LineAudio> {
  const script = await openScene(ctx, options);
  const row = script.linesKey
    ? await findRehearsalLine(ctx, { linesKey: script.linesKey, lineId: options.lineId })
    : undefined;
  if (!row) throw new AppError('not-found', LINE_NOT_FOUND);
  const line: SceneLine = {
    id: row.line_id,
    speaker: row.speaker,
    text: row.text,
    characters: Number(row.characters),
    textHash: row.text_hash,
  };
  // The note is written after the script's parentheticals: of two opposites, it wins.
  const delivery = await deliveryFor(ctx, {
    voiceId: options.voiceId,
    texts: [row.directions?.replaceAll('+', ','), options.note],
    take: options.take,
  });
  const pronunciations = await pronunciationsFor(ctx, {
    userId: options.userId,
    scriptId: script.id,
  });
  return synthesizeLine(ctx, { ...options, line, scriptId: script.id, delivery, pronunciations });
}

async function synthesizeLine(
  ctx: RehearsalCtx,
  options: {
    userId: string;
    scriptId: string;
    line: SceneLine;
    voiceId: string;
    requestId: string;
    signal?: AbortSignal;
    action?: 'rehearsal' | 'reader_track';
    delivery?: Delivery;
    pronunciations: PronunciationMap;
  },
): Promise<LineAudio> {
  const { userId, line, voiceId, delivery } = options;
  // Respelled words make other audio: paid on its own, or a paid line could be re-made with any
  // words as respellings for nothing (decision 323).
  const spoken = applyPronunciations(line.text.trim(), options.pronunciations);
  const respelled = spoken === line.text.trim() ? undefined : spoken;
  const key = lineChargeKey(voiceId, line.text, delivery, respelled);
  // A directed, respelled or other take is paid for on its own; plans count plain reads, so it
  // is recorded under a text hash of its own (its voice and hash never match a plain line's).
  const textHash = [
    line.textHash,
    ...(isPlainDelivery(delivery) ? [] : [deliveryKey(delivery)]),
    ...(respelled === undefined
      ? []
      : [`said:${createHash('sha256').update(respelled).digest('hex').slice(0, 16)}`]),
  ].join('~');
  const paid = await findPaidLine(ctx.db.kysely, { userId, chargeKey: key });
  // Paid before plans looked lines up by voice and text: described now, so plans see it.
  if (paid && paid.text_hash === null)
    await describePaidLine(ctx.db.kysely, {
      userId,
      chargeKey: key,
      voiceId,
      textHash,
    });
  // A line is one unit: once any of its audio is sent it is paid for, and then free to hear
  // again (decisions 102 and 260).
  const reading = await chargedSynthesis(ctx, {
    userId,
    text: line.text,
    voiceId,
    settings: SETTINGS,
    ...(isPlainDelivery(delivery) ? {} : { delivery }),
    // Respelled once, above: the charge key, the price and the engine all take this text.
    spoken,
    action: options.action ?? 'rehearsal',
    ledgerKey: `rehearsal:${key}`,
    metadata: { scriptId: options.scriptId, lineId: line.id },
    unit: 'whole',
    prepaid: paid !== undefined,
    // Recorded as soon as the charge is final, before the first byte: the next plan counts it
    // as paid, and so does a request for the same line that waited on this one.
    onCommit: (reservation) =>
      insertPaidLine(ctx.db.kysely, {
        user_id: userId,
        charge_key: key,
        characters: line.characters,
        reservation_id: reservation.reservationId,
        created_at: ctx.clock.now().toISOString(),
        voice_id: voiceId,
        text_hash: textHash,
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
  const script = await openScene(ctx, options);
  await requireAudioRoom(ctx, options.userId);
  const cast = castOf(options);
  // The scene's lines, each partner's with its voice. Refused before anything is charged as
  // soon as even fast speech and the silences pass the cap, so a long script is never read
  // whole.
  const lines: (SceneLine & { voiceId: string | null })[] = [];
  let shortest = 0;
  await eachScenePage(ctx, script, (page) => {
    for (const line of page) {
      const voiceId = cast.voiceFor(line.speaker);
      lines.push({ ...line, voiceId });
      shortest += voiceId
        ? line.characters / FASTEST_CHARACTERS_PER_SECOND
        : cuePauseMs(line.text) / 1000;
      if (shortest > READER_TRACK_MAX_SECONDS)
        throw new AppError('invalid-argument', READER_TRACK_TOO_LONG_MESSAGE);
    }
  });
  cast.check();

  const pronunciations = await pronunciationsFor(ctx, {
    userId: options.userId,
    scriptId: script.id,
  });
  const folder = await openTrackFolder();
  try {
    const parts: TrackPart[] = [];
    const names = new Map<string, string>();
    let firstVoice: VoiceSummary | null = null;
    let characters = 0;
    for (const [i, line] of lines.entries()) {
      const { voiceId } = line;
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
        pronunciations,
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
      characters += line.characters;
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
        kind: line.voiceId ? ('partner' as const) : ('gap' as const),
        seconds: seconds[i]!,
      })),
    };
  } finally {
    await folder.remove();
  }
}
