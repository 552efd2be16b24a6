import { z } from 'zod';
import {
  CUE_MODES,
  LINE_DISPLAYS,
  MAX_REHEARSAL_SPEED,
  MIN_REHEARSAL_SPEED,
  RESPONSE_DELAYS,
} from '@doublecast/common/rehearsal';
import { MAX_LINE_NOTE_CHARS, MAX_TAKES } from '@doublecast/common/direction';
import { READER_OFFSET_DB } from './self-tape/levels';

/**
 * What the actor chose for each script (role, voices, speed, cue, display, response delay, the
 * self-tape's reader level, headphones and framing guides), where each line stands on the
 * memorisation ladder, and each partner line's note and kept take (decision 324), kept in this
 * browser. One entry holds every script, at most MAX_SCRIPTS of them (the least recently used
 * go), so it never grows without end.
 */
const KEY = 'doublecast.rehearsal.scripts';
const RECOGNITION_KEY = 'doublecast.rehearsal.recognition';
const MAX_SCRIPTS = 100;

const rungSchema = z.object({
  step: z.number().int().min(0).max(2),
  streak: z.number().int().min(0).max(9),
});
export const scriptSettingsSchema = z.object({
  role: z.string().max(60).optional(),
  voices: z.record(z.string().max(60), z.string().max(64)).optional(),
  speed: z.number().min(MIN_REHEARSAL_SPEED).max(MAX_REHEARSAL_SPEED).optional(),
  cueMode: z.enum(CUE_MODES).optional(),
  display: z.enum([...LINE_DISPLAYS, 'ladder']).optional(),
  delay: z
    .number()
    .refine((d) => (RESPONSE_DELAYS as readonly number[]).includes(d))
    .optional(),
  ladder: z.record(z.string().max(20), rungSchema).optional(),
  /** The self-tape page's choices; a bad one is forgotten, not the rest. */
  selfTape: z
    .object({
      offsetDb: z
        .number()
        .int()
        .min(READER_OFFSET_DB.min)
        .max(READER_OFFSET_DB.max)
        .optional()
        .catch(undefined),
      headphones: z.boolean().optional().catch(undefined),
      guides: z.boolean().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  /** Line id -> how to say it ("whispering"), sent with the line's audio request. */
  notes: z.record(z.string().max(20), z.string().max(MAX_LINE_NOTE_CHARS)).optional(),
  /** Line id -> the take the actor kept (absent: the first read). */
  takes: z
    .record(
      z.string().max(20),
      z
        .number()
        .int()
        .min(1)
        .max(MAX_TAKES + 1),
    )
    .optional(),
  usedAt: z.number().optional(),
});
export type ScriptSettings = z.infer<typeof scriptSettingsSchema>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, ScriptSettings> {
  const raw = storage()?.getItem(KEY);
  if (!raw) return {};
  try {
    return z.record(z.string(), scriptSettingsSchema.catch({})).parse(JSON.parse(raw));
  } catch {
    return {};
  }
}

export function readScriptSettings(scriptId: string): ScriptSettings {
  return readAll()[scriptId] ?? {};
}

export function writeScriptSettings(scriptId: string, patch: ScriptSettings): void {
  const all = readAll();
  all[scriptId] = { ...all[scriptId], ...patch, usedAt: Date.now() };
  const ids = Object.keys(all).sort((a, b) => (all[b]!.usedAt ?? 0) - (all[a]!.usedAt ?? 0));
  for (const id of ids.slice(MAX_SCRIPTS)) delete all[id];
  try {
    storage()?.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or off: the choices last for this visit only.
  }
}

/** Whether the actor lets the voice cue use the browser's speech recognition (on unless turned off). */
export function readRecognitionAllowed(): boolean {
  return storage()?.getItem(RECOGNITION_KEY) !== 'off';
}

export function writeRecognitionAllowed(allowed: boolean): void {
  try {
    storage()?.setItem(RECOGNITION_KEY, allowed ? 'on' : 'off');
  } catch {
    // As above.
  }
}
