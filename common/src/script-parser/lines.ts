import { normaliseCue, type ScriptLine } from '../scripts';

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

/**
 * Splits speech from its directions: "(quietly) Go. [beat] Now." -> speech "Go. Now.",
 * direction "(quietly) [beat]". One pass; an unclosed bracket is kept as text.
 */
export function splitDirections(speech: string): { text: string; direction: string | null } {
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
        if (inner) directions.push(ch === '(' ? `(${inner})` : `[${inner}]`);
        text += ' ';
        i = j + 1;
      } else {
        // No closing bracket before the next opening one: the scanned part is plain text.
        text += speech.slice(i, j);
        i = j;
      }
      continue;
    }
    text += ch;
    i++;
  }
  return { text: plain(text), direction: directions.length ? directions.join(' ') : null };
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
  const { text, direction } = splitDirections(speech.join(' '));
  const cueDirections = parentheses(cue);
  return {
    kind: 'dialogue',
    character: normaliseCue(cue),
    text,
    direction: cueDirections ? [cueDirections, direction].filter(Boolean).join(' ') : direction,
    spoken: text.length > 0,
    dual,
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

/** Adds more words (and their directions) to a speech already made. */
export function extendSpeech(line: Draft, more: string): void {
  const merged = splitDirections(more);
  line.text = [line.text, merged.text].filter(Boolean).join(' ');
  line.direction = [line.direction, merged.direction].filter(Boolean).join(' ') || null;
  line.spoken = line.text.length > 0;
}
