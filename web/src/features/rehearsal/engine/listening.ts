import type { Beat } from '@doublecast/common/scripts';
import { follow } from './words';

/**
 * When the partner may answer: the rules of the listening cue, as pure functions of what was
 * heard so far and when, so the recogniser, the voice-activity detector, the tests and the
 * benchmark share them.
 */

/** Share of the line's words that lets the partner go on once the actor stops (paraphrase). */
export const ENOUGH_WORDS = 0.7;
/** Quiet after the last recognised word that counts as "the actor stopped" (below 70%: never). */
export const STOP_AFTER_WORDS_MS = 900;
/**
 * Quiet after speech that ends a line once enough of it was spoken (detector). The model's own
 * lag after the last word and starting the partner's clip come on top (decision 387).
 */
export const END_SILENCE_MS = 150;
/** Share of the line's expected speaking time that must be heard before a silence can end it. */
export const ENOUGH_SPEECH = 0.5;
/** Quiet that ends a line even when less speech than expected was heard (a fast actor). */
export const LONG_SILENCE_MS = 1_800;
/** Grace after a written beat's own length before the quiet counts as the end of the line. */
const BEAT_GRACE_MS = 500;
/** About how long an actor takes per character of a line (~170 words a minute). */
const MS_PER_CHARACTER = 60;

export type Verdict = { go: true } | { go: false; recheckInMs: number | null };

const wait = (ms: number | null): Verdict => ({ go: false, recheckInMs: ms });

/** Milliseconds of silence a beat asks for at this speed. */
export const beatMs = (beat: Pick<Beat, 'seconds'>, speed: number) => (beat.seconds * 1000) / speed;

/**
 * With speech recognition: go on as soon as the line's last word is heard in order (within
 * 400 ms, the cue's bar, plus the response delay the caller adds); or once the actor has said
 * about 70% of the words and stopped; never in a pause with fewer words heard. A beat written
 * where the actor has got to stretches the pause that counts as stopping.
 */
export function recognitionVerdict(input: {
  expected: readonly string[];
  heard: readonly string[];
  beats: readonly Beat[] | undefined;
  speed: number;
  /** Milliseconds since the words heard last changed. */
  quietMs: number;
}): Verdict {
  const { expected, heard, speed, quietMs } = input;
  if (expected.length === 0) return { go: true };
  const progress = follow(expected, heard);
  const said = progress.last + 1;
  // A beat at the point reached (or right after the last word) is silence to wait through.
  const beat = input.beats?.find((b) => b.at === said && b.at > 0);
  const hold = beat ? beatMs(beat, speed) + BEAT_GRACE_MS : 0;
  if (progress.last === expected.length - 1 && progress.matched >= expected.length * 0.5) {
    if (!beat) return { go: true };
    return quietMs >= hold ? { go: true } : wait(hold - quietMs);
  }
  if (progress.matched < expected.length * ENOUGH_WORDS) return wait(null);
  const needed = Math.max(STOP_AFTER_WORDS_MS, hold);
  return quietMs >= needed ? { go: true } : wait(needed - quietMs);
}

/** How long the line takes to say at speed 1, roughly: for the detector, which hears no words. */
export function expectedSpeechMs(text: string): number {
  return text.replace(/[^\p{L}\p{N} ]/gu, '').trim().length * MS_PER_CHARACTER;
}

/** Punctuation after a word where an actor may pause inside a line: commas, stops, dashes. */
const PHRASE_END = /[,;:.!?\u2026\u2013\u2014-]["'\u2019\u201d)\]]*$/u;
const DASH = /^[\u2013\u2014-]+$/u;

/**
 * Word counts before each place inside the line where the actor may stop for a moment: after
 * punctuation that is not the line's last (a comma, a full stop, a dash).
 */
export function phraseBreaks(words: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < words.length - 1; i++) {
    if (DASH.test(words[i]!)) continue;
    if (PHRASE_END.test(words[i]!) || DASH.test(words[i + 1]!)) out.push(i + 1);
  }
  return out;
}

/**
 * With the voice-activity detector: go on after a short silence once about half the line's
 * expected speaking time was heard, and more when the line has a pause written into it (a
 * beat, or a comma or full stop): past the last one by a third of what follows, so the speech
 * before it, and the actor's pause there, do not pass for the whole line. Or after a long
 * silence (longer than any beat of the line) whatever was heard, as long as the actor spoke.
 */
export function detectorVerdict(input: {
  text: string;
  beats: readonly Beat[] | undefined;
  speed: number;
  /** Actor's speaking rate against the estimate (1 = as estimated), learnt over the run. */
  pace: number;
  speechMs: number;
  /** Milliseconds of silence since the last speech; 0 while speaking. */
  silenceMs: number;
}): Verdict {
  const { speechMs, silenceMs, speed } = input;
  if (speechMs === 0 || silenceMs === 0) return wait(null);
  const expected = (expectedSpeechMs(input.text) * input.pace) / speed;
  const tokens = input.text.split(/\s+/).filter(Boolean);
  const words = tokens.length;
  const pauses = [
    ...phraseBreaks(tokens),
    ...(input.beats ?? []).filter((b) => b.at > 0 && b.at < words).map((b) => b.at),
  ];
  const lastPause = Math.max(0, ...pauses);
  const share = Math.max(ENOUGH_SPEECH, (lastPause + (words - lastPause) / 3) / words);
  const longest = Math.max(0, ...(input.beats ?? []).map((b) => beatMs(b, speed)));
  const long = Math.max(LONG_SILENCE_MS, longest + BEAT_GRACE_MS + 700);
  if (speechMs >= expected * share) {
    // A beat written after the last word: the partner waits through it too.
    const tail = input.beats?.find((b) => b.at >= words);
    const end = tail ? beatMs(tail, speed) : END_SILENCE_MS;
    return silenceMs >= end ? { go: true } : wait(end - silenceMs);
  }
  return silenceMs >= long ? { go: true } : wait(long - silenceMs);
}

/** The actor's pace against the estimate, from one line: clamped, so one odd line moves it little. */
export function nextPace(pace: number, text: string, speechMs: number, speed: number): number {
  const expected = expectedSpeechMs(text) / speed;
  if (expected < 600 || speechMs <= 0) return pace;
  const observed = Math.min(2, Math.max(0.5, speechMs / expected));
  return Math.min(2, Math.max(0.5, pace * 0.7 + observed * 0.3));
}
