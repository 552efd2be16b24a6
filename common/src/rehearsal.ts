import { z } from 'zod';
import { lineNoteSchema, takeSchema } from './direction';
import { castVoices, type CastableVoice } from './casting';
import type { ScriptLine } from './scripts';

/** Playback speeds offered in rehearsal: the audio's playbackRate, never a new synthesis. */
export const REHEARSAL_SPEEDS = [0.75, 0.9, 1, 1.25, 1.5] as const;
export const MIN_REHEARSAL_SPEED = 0.75;
export const MAX_REHEARSAL_SPEED = 1.5;

/** How the player waits at the actor's own lines. */
export const CUE_MODES = ['tap', 'timed', 'voice'] as const;
export type CueMode = (typeof CUE_MODES)[number];

/** How the actor's own lines are shown. */
export const LINE_DISPLAYS = ['shown', 'initials', 'hidden'] as const;
export type LineDisplay = (typeof LINE_DISPLAYS)[number];

/** Lines fetched ahead of the one playing, so a run never waits on synthesis (docs/glossary.md#P7). */
export const PREFETCH_AHEAD = 3;

/**
 * The time an actor needs for a line: about 150 words a minute (400 ms a word) plus a second to
 * pick up the cue, between 1.5 and 30 seconds. Used for the timed pause in the player and for
 * the silences in the reader track.
 */
export function cuePauseMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.min(30_000, Math.max(1_500, 1_000 + words * 400));
}

/** "To be or not to be" -> "T b o n t b": the first letter of each word, punctuation kept. */
export function firstLetters(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const m = /^([^\p{L}\p{N}]*)([\p{L}\p{N}])[\p{L}\p{N}'’-]*(.*)$/u.exec(word);
      return m ? `${m[1]}${m[2]}${m[3]}` : word;
    })
    .join(' ');
}

/** The lines a run reads or waits on: spoken dialogue, in script order. */
/** A reader track's longest length, partner lines and silences together (decision 104). */
export const READER_TRACK_MAX_SECONDS = 30 * 60;
export const READER_TRACK_TOO_LONG_MESSAGE =
  'A reader track can be at most 30 minutes long. Make one for a shorter scene.';
/** The stored split of a script names lines its text does not hold (decision 104). */
export const SCENE_TEXT_MISMATCH_MESSAGE =
  "This script's lines do not match its text. Edit the script and save it to split it again.";

export function rehearsalLines(lines: readonly ScriptLine[]): ScriptLine[] {
  return lines.filter((l) => l.kind === 'dialogue' && l.spoken && l.character && l.text.trim());
}

const idSchema = z.string().min(1).max(64);
const voicesSchema = z
  .record(z.string().min(1).max(60), idSchema)
  .refine((v) => Object.keys(v).length <= 50, 'Too many characters');

export const rehearsalPlanInputSchema = z.object({
  scriptId: idSchema,
  role: z.string().min(1).max(60),
  /** Character name -> voice id, for every character the actor does not play. */
  voices: voicesSchema,
});
export type RehearsalPlanInput = z.infer<typeof rehearsalPlanInputSchema>;

export const rehearsalPlanSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      character: z.string(),
      voiceId: z.string(),
      characters: z.number().int(),
      /** Already made and paid for: playing it again costs nothing. */
      paid: z.boolean(),
    }),
  ),
  /** Characters the run will take from this month's allowance (lines not yet paid for). */
  newCharacters: z.number().int(),
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type RehearsalPlan = z.infer<typeof rehearsalPlanSchema>;

export const lineAudioInputSchema = z.object({
  scriptId: idSchema,
  lineId: z.string().min(1).max(20),
  voiceId: idSchema,
  /** How to say it, typed on the line ("whispering, fast"): read for directions (decision 320). */
  note: lineNoteSchema.optional(),
  /** Which read of the line: 1 the first; another take is a different read, charged once. */
  take: takeSchema.optional(),
});
export type LineAudioInput = z.infer<typeof lineAudioInputSchema>;

export const readerTrackInputSchema = rehearsalPlanInputSchema;

export const readerTrackSchema = z.object({
  generationId: z.string(),
  downloadUrl: z.string(),
  durationSeconds: z.number(),
  segments: z.array(
    z.object({ lineId: z.string(), kind: z.enum(['partner', 'gap']), seconds: z.number() }),
  ),
});
export type ReaderTrack = z.infer<typeof readerTrackSchema>;

/**
 * A voice for every character the actor does not play, cast by the likely gender and age the
 * script gives each (docs/decisions/281): natural voices first, adults' voices for adults, and a
 * different voice for each character while there are enough.
 */
export function suggestVoices(
  characters: readonly {
    name: string;
    gender: 'male' | 'female' | null;
    age?: 'child' | 'young' | 'adult' | 'old' | null;
    lineCount?: number;
  }[],
  voices: readonly (CastableVoice & { engine?: string })[],
  role: string,
): Record<string, string> {
  const biggestFirst = [...characters].sort((a, b) => (b.lineCount ?? 0) - (a.lineCount ?? 0));
  return castVoices(
    biggestFirst.map((c) => ({ name: c.name, gender: c.gender, age: c.age ?? null })),
    voices.map((v) => ({ ...v, natural: v.natural ?? (v.engine ? v.engine !== 'local' : false) })),
    { skip: role },
  );
}

/** Seconds the partner waits after the actor's line before answering (voice cue). */
export const RESPONSE_DELAYS = [0, 0.5, 1, 1.5, 2] as const;

/** Run records (issue 30): kept per user and script, newest first, bounded. */
export const MAX_RUNS_PER_SCRIPT = 500;
/** Across all of a user's scripts: the oldest runs go first past this. */
export const MAX_RUNS_PER_USER = 5_000;
/** The most lines one run records (never more than the role's lines in the script). */
export const MAX_RUN_LINES = 2_000;
/** A run's longest recorded length: six hours. */
export const MAX_RUN_DURATION_MS = 6 * 3600 * 1000;
export const RUN_PAGE_SIZE = 50;
/** Trouble spots are read from this many of the latest runs in the same role. */
export const TROUBLE_SPOT_RUNS = 10;
export const MAX_TROUBLE_SPOTS = 5;
export const RUN_TOO_MANY_LINES_MESSAGE = 'A run can record at most the lines your role has.';
export const RUN_ROLE_MESSAGE = 'This script has no lines for that role.';

export const runLineSchema = z.object({
  lineId: z.string().regex(/^l\d{1,6}$/),
  /** Share of the line's words said right (0..1); null when nothing listened. */
  accuracy: z.number().min(0).max(1).nullable(),
  /** The actor asked for the line ("Line?"). */
  prompted: z.boolean(),
});
export type RunLine = z.infer<typeof runLineSchema>;

export const runInputSchema = z.object({
  scriptId: idSchema,
  role: z.string().min(1).max(60),
  startedAt: z.iso.datetime(),
  durationMs: z.number().int().min(0).max(MAX_RUN_DURATION_MS),
  lines: z
    .array(runLineSchema)
    .min(1)
    .max(MAX_RUN_LINES)
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, {
      message: 'Each line appears once in a run',
    }),
});
export type RunInput = z.infer<typeof runInputSchema>;

export const runSummarySchema = z.object({
  id: z.string(),
  scriptId: z.string(),
  role: z.string(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  lineCount: z.number().int(),
  /** Lines whose words were checked. */
  checkedCount: z.number().int(),
  /** Mean accuracy of the checked lines; null when none was checked. */
  accuracy: z.number().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runListQuerySchema = z.object({
  scriptId: idSchema,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(RUN_PAGE_SIZE),
});

export const runListSchema = z.object({
  runs: z.array(runSummarySchema),
  nextCursor: z.string().nullable(),
});
export type RunList = z.infer<typeof runListSchema>;

export const troubleSpotsQuerySchema = z.object({
  scriptId: idSchema,
  role: z.string().min(1).max(60),
});

export const troubleSpotsSchema = z.object({
  /** The actor's lines most often missed in the latest runs, worst first. */
  spots: z.array(
    z.object({
      lineId: z.string(),
      /** Runs in which the line was missed (below full accuracy, or prompted). */
      misses: z.number().int(),
      /** Runs that reached the line. */
      runs: z.number().int(),
      averageAccuracy: z.number().nullable(),
    }),
  ),
  runsRead: z.number().int(),
});
export type TroubleSpots = z.infer<typeof troubleSpotsSchema>;
