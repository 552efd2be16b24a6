import { MAX_BEATS_PER_LINE, normaliseCue, type Beat, type ScriptLine } from '../scripts';

/**
 * Pieces every text reader shares. Every pattern here runs on one line or one cue at a time and
 * is either anchored or free of nested repetition, so no input makes it backtrack
 * (docs/decisions/122-linear-script-parsing.md).
 */

export type Draft = Omit<ScriptLine, 'id'>;

/**
 * The most lines a reader makes; it stops there and the reading says the script was cut. Work is
 * bounded by the text's size and by this, whatever the text (a full-length play makes ~3,000).
 */
export const MAX_LINES = 20_000;

export const HEADING = /^(?:\d+[A-Z]?\s+)?(?:INT|EXT|EST|INT\.?\/EXT|I\/E)[.\s]/i;

export const TRANSITION =
  /^(?:FADE (?:IN|OUT)|FADE TO BLACK|CUT TO|SMASH CUT|MATCH CUT|DISSOLVE TO|JUMP CUT|THE END|INTERCUT|BACK TO)\b|\b(?:TO|WITH):$/;

/** Line breaks to \n, tabs to four spaces, no-break spaces to spaces; form feeds (pages) kept. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/\u00a0/g, ' ')
    .replace(/^\ufeff/, '');
}

/** Words of cleaned speech (single spaces). */
export function wordCount(text: string): number {
  return text ? text.split(' ').length : 0;
}

export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/** Removes Fountain emphasis markers and escapes from text that is read aloud. */
export function plain(text: string): string {
  return text
    .replace(/\\\*/g, '\ue000')
    .replace(/\\_/g, '\ue001')
    .replace(/\*{1,3}|_/g, '')
    .replace(/\ue000/g, '*')
    .replace(/\ue001/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Silence a written beat asks for, in seconds at speed 1: "(beat)", "(pause)", "(long pause)". */
const BEAT_SECONDS: Record<string, 1 | 2 | 3> = { beat: 1, pause: 2, 'long pause': 3 };

/** The seconds a direction like "(beat)", "[a pause]" or "(Long pause.)" asks for, else null. */
export function beatSeconds(direction: string): 1 | 2 | 3 | null {
  const inner = direction
    .replace(/^[([]\s*|\s*[)\]]$/g, '')
    .replace(/[.!]+$/, '')
    .replace(/^an? /i, '')
    .toLowerCase();
  return BEAT_SECONDS[inner] ?? null;
}

/** Marks a beat's place in speech while emphasis and spaces are cleaned: private-use characters. */
const BEAT_MARK = '\ue002';
const BEAT_MARK_RE = /\ue002/g;

/**
 * Splits speech from its directions: "(quietly) Go. [beat] Now." -> speech "Go. Now.",
 * direction "(quietly) [beat]", and where each beat falls (after 1 word). One pass; an unclosed
 * bracket is kept as text.
 */
export function splitDirections(speech: string): {
  text: string;
  direction: string | null;
  beats: Beat[];
} {
  const directions: string[] = [];
  let text = '';
  let i = 0;
  const n = speech.length;
  while (i < n) {
    const ch = speech[i]!;
    if (ch === '(' || ch === '[') {
      const closing = ch === '(' ? ')' : ']';
      let j = i + 1;
      while (j < n && speech[j] !== closing && speech[j] !== ch) j++;
      if (j < n && speech[j] === closing) {
        // Emphasis markers go: "(_He goes._)" is the direction "(He goes.)".
        const inner = plain(speech.slice(i + 1, j));
        if (inner) {
          const written = ch === '(' ? `(${inner})` : `[${inner}]`;
          directions.push(written);
          const seconds = beatSeconds(written);
          // A token of its own, so the clean-up below cannot join it to a word.
          text += seconds ? ` ${BEAT_MARK}${seconds} ` : ' ';
        } else text += ' ';
        i = j + 1;
      } else {
        // No closing bracket before the next opening one: the scanned part is plain text.
        text += speech.slice(i, j).replace(BEAT_MARK_RE, '');
        i = j;
      }
      continue;
    }
    if (ch !== BEAT_MARK) text += ch;
    i++;
  }
  const { words, beats } = takeBeats(plain(text));
  return {
    text: words,
    direction: directions.length ? directions.join(' ') : null,
    beats,
  };
}

/** Takes the beat marks out of cleaned speech, counting the words before each (one pass). */
function takeBeats(marked: string): { words: string; beats: Beat[] } {
  if (!marked.includes(BEAT_MARK)) return { words: marked, beats: [] };
  const beats: Beat[] = [];
  const words: string[] = [];
  for (const token of marked.split(' ')) {
    if (token.startsWith(BEAT_MARK)) {
      const at = words.length;
      const seconds = Number(token.slice(1)) as 1 | 2 | 3;
      // Two beats in a row are one longer silence (at most 3 seconds).
      const last = beats.at(-1);
      if (last && last.at === at) last.seconds = Math.min(3, last.seconds + seconds) as 1 | 2 | 3;
      else if (beats.length < MAX_BEATS_PER_LINE) beats.push({ at, seconds });
    } else if (token) words.push(token);
  }
  return { words: words.join(' '), beats };
}

const TITLES = /\b(MR|MRS|MS|DR|ST|JR|SR|REV|CAPT|COL|GEN|LT|SGT|PROF)\./g;

/** An upper-case screenplay cue: "MAYA", "MR. GRANT", "JOE (O.S., PRELAP)", "GUARD #1", "EVE ^". */
export function isUpperCue(line: string): boolean {
  if (line.length > 80 || line.startsWith('>') || line.startsWith('!')) return false;
  const name = normaliseCue(line);
  if (!name || name.length > 40 || !/[A-Z]/.test(name)) return false;
  if (line.replace(/\([^)]*\)/g, '') !== line.replace(/\([^)]*\)/g, '').toUpperCase()) return false;
  // "MR. GRANT" and "J.J." are names; "NO!" and "WAIT." are shouted speech.
  const bare = name.replace(TITLES, '$1').replace(/\b([A-Z])\./g, '$1');
  if (/[.!?,;:<>=*_]/.test(bare)) return false;
  if (HEADING.test(name) || TRANSITION.test(name)) return false;
  return name.split(' ').length <= 5;
}

export function dialogue(cue: string, speech: string[], dual = false): Draft {
  const { text, direction, beats } = splitDirections(speech.join(' '));
  const cueDirections = parentheses(cue);
  return {
    kind: 'dialogue',
    character: normaliseCue(cue),
    text,
    direction: cueDirections ? [cueDirections, direction].filter(Boolean).join(' ') : direction,
    spoken: text.length > 0,
    dual,
    ...(beats.length ? { beats } : {}),
  };
}

/** Directions written on the cue itself that are delivery, not extensions: "MINSTREL (singing)". */
function parentheses(cue: string): string | null {
  const open = cue.indexOf('(');
  if (open < 0) return null;
  const close = cue.indexOf(')', open);
  if (close < 0) return null;
  const inner = cue.slice(open + 1, close).trim();
  return /[a-z]/.test(inner) ? `(${inner})` : null;
}

export function action(text: string, kind: 'action' | 'heading' | 'transition' = 'action'): Draft {
  return { kind, character: null, text, direction: null, spoken: false, dual: false };
}

const counted = new WeakMap<Draft, { length: number; words: number }>();

/** Adds more words (and their directions and beats) to a speech already made. */
export function extendSpeech(line: Draft, more: string): void {
  const merged = splitDirections(more);
  const known = counted.get(line);
  const before = known?.length === line.text.length ? known.words : wordCount(line.text);
  for (const b of merged.beats) {
    const beats = (line.beats ??= []);
    if (beats.length < MAX_BEATS_PER_LINE) beats.push({ at: b.at + before, seconds: b.seconds });
  }
  line.text = [line.text, merged.text].filter(Boolean).join(' ');
  // Kept so a speech extended line by line is counted once, not again at every line.
  counted.set(line, { length: line.text.length, words: before + wordCount(merged.text) });
  line.direction = [line.direction, merged.direction].filter(Boolean).join(' ') || null;
  line.spoken = line.text.length > 0;
}
