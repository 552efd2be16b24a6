import { normaliseCue } from '../scripts';
import { MAX_LINES, action, dialogue, indentOf, type Draft } from './lines';
import { isPageNumber, runningLines } from './pages';

/**
 * Plays with the speaker's name at the left margin and the speech beside it, read line by line:
 * - Folger editions as text: "MACBETH  So foul and fair a day I have not seen.", the rest of the
 *   speech on the lines below (verse indented), "OLIVER, [to Adam]  Get you with him",
 *   headings underlined with "=====", directions in square brackets;
 * - a typeset play as PDF text: the name in capitals, small capitals or mixed case in a margin
 *   column ("Iago        'Sblood, but you'll not hear me:"), wrapped and verse lines under the
 *   speech, no blank line between speeches.
 * The name is one to five name words followed by two or more spaces (or a full stop or colon and
 * a space); a line indented under a speech goes on with it. Linear: one pass over the lines, and
 * the patterns run on a short window at the start of a line.
 */

const MAX_NAME = 40;

const SMALL_WORDS = new Set(['of', 'the', 'de', 'du', 'la', 'le', 'von', 'van', 'and', 'to']);

/** Words that start a line of verse or prose, never a speaker's name on their own. */
const NOT_A_NAME =
  /^(ACT|SCENE|PART|PROLOGUE|EPILOGUE|CHORUS TO|INDUCTION|ENTER|EXIT|EXEUNT|RE-ENTER|MANET|FLOURISH|ALARUM|ALARUMS|SENNET|THUNDER|CHARACTERS|DRAMATIS|PERSONS|THE END|FINIS|CURTAIN|PAGE|CHAPTER|CONTENTS|TITLE|AUTHOR|RELEASE|LANGUAGE|PRODUCED|CREDITS|EDITED|CREATED)\b/i;

/** One to five words of a name: letters, apostrophes, hyphens, "MRS." abbreviations, "&". */
function nameWords(name: string): boolean {
  const words = name.split(' ');
  if (words.length > 5 || name.length > MAX_NAME) return false;
  if (!words.every((w) => /^(?:[A-Za-z][A-Za-z'’-]*\.?|&|\d(?:st|nd|rd|th)?\.?)$/.test(w)))
    return false;
  const first = words[0]!;
  if (!/^[A-Z0-9]/.test(first)) return false;
  // Mixed case: every word capitalised, but for "of", "the", "and".
  return words.every((w) => /^[A-Z0-9&]/.test(w) || SMALL_WORDS.has(w));
}

export interface MarginCue {
  name: string;
  /** A direction written between the name and the speech: "[to Adam]". */
  direction: string | null;
  speech: string;
}

/**
 * "NAME  speech", "Name, [aside]  speech", "Name.  speech", "NAME: speech" at the start of a
 * line (already without its indentation). Null when the line is no such cue.
 */
export function marginCue(line: string): MarginCue | null {
  if (!/^[A-Z0-9]/.test(line)) return null;
  const window = line.length > 160 ? line.slice(0, 160) : line;
  // The name runs to a comma with a bracketed direction, a run of spaces, or a stop or colon.
  let end = 0;
  while (end < window.length && end <= MAX_NAME) {
    const c = window[end]!;
    if (c === ',' || c === ':' || c === '\t') break;
    if (c === ' ' && window[end + 1] === ' ') break;
    if (c === '.' && (window[end + 1] === ' ' || end === window.length - 1)) {
      // "MRS. MARCHMONT.  Going" keeps its title; a stop followed by text ends the name.
      const word = window.slice(window.lastIndexOf(' ', end) + 1, end);
      if (!/^(Mr|Mrs|Ms|Dr|St|Mme|Mlle|Messrs|Sir|Capt|Col|Lt|Sgt|Prof|[A-Z])$/i.test(word)) break;
    }
    end++;
  }
  const name = window.slice(0, end).trim();
  if (!name || !nameWords(name) || NOT_A_NAME.test(name)) return null;
  let rest = window.slice(end);
  let direction: string | null = null;
  if (rest.startsWith(',')) {
    const m = /^, ?([[(][^\])]{1,80}[\])])/.exec(rest);
    if (!m) return null;
    direction = m[1]!;
    rest = rest.slice(m[0].length);
  }
  const sep = /^(?:[.:]? {2,}|[.:] |\t+|[.:]?$)/.exec(rest);
  if (!sep) return null;
  // A stop after a mixed-case name with one space is a sentence ("Exit. Then he goes").
  if (sep[0] === '. ' && name !== name.toUpperCase()) return null;
  if (sep[0] === ': ' || sep[0] === '. ') {
    if (name !== name.toUpperCase() && name.split(' ').length > 3) return null;
  }
  const speech = (line.length > 160 ? line.slice(end) : rest).slice(sep[0].length).trim();
  // "ACT 1" / "Scene 2" / a lone word in capitals with nothing after it is a heading, not a cue.
  if (!speech && !direction && !sep[0].startsWith('.') && !sep[0].startsWith(':')) return null;
  return { name, direction, speech: line.length > 160 ? speech : speech };
}

function isUnderline(t: string): boolean {
  return t.length >= 3 && /^(?:=+|-+)$/.test(t);
}

function isDirectionLine(t: string): boolean {
  return (
    (t.startsWith('[') && t.endsWith(']')) ||
    (t.startsWith('(') && t.endsWith(')')) ||
    /^(Enter|Re-enter|Exit|Exeunt|Manet|Flourish|Alarum|Alarums|Sennet|Trumpets|Hautboys|Thunder)\b/.test(
      t,
    )
  );
}

function isHeadingLine(t: string): boolean {
  return (
    /^(ACT|SCENE|PROLOGUE|EPILOGUE|INDUCTION)\b[\s\dIVXLC.,:]*(?:SCENE\b.*)?$/i.test(t) ||
    /^(ACT|SCENE) [\dIVXLC]+[.,:]/i.test(t)
  );
}

interface MarginLine {
  text: string;
  indent: number;
  /** Where this page's speeches start beside their names (typeset plays), or -1. */
  column: number;
}

/** The lines of text without page furniture, each with its indentation from its page's margin. */
function marginLines(text: string): MarginLine[] {
  const pages = text.split('\f').map((page) => page.split('\n'));
  const running = runningLines(pages);
  const out: MarginLine[] = [];
  for (const page of pages) {
    let margin = Infinity;
    for (const raw of page) {
      const t = raw.trim();
      if (!t || running.has(t) || isPageNumber(t)) continue;
      margin = Math.min(margin, indentOf(raw));
    }
    // The speech column: where most speeches start after their name on this page.
    const starts = new Map<number, number>();
    for (const raw of page) {
      if (indentOf(raw) !== margin) continue;
      const t = raw.slice(margin);
      const cue = marginCue(t.trimEnd());
      if (!cue?.speech || cue.direction) continue;
      const at = t.indexOf(cue.speech);
      if (at > cue.name.length) starts.set(at, (starts.get(at) ?? 0) + 1);
    }
    let column = -1;
    let most = 1;
    for (const [at, n] of starts) if (n > most) [column, most] = [at, n];
    for (const raw of page) {
      const t = raw.trim();
      if (t && (running.has(t) || isPageNumber(t))) continue;
      const indent = t ? indentOf(raw) - margin : 0;
      out.push({ text: indent === 0 ? raw.slice(margin).trimEnd() : t, indent, column });
    }
  }
  return out;
}

/**
 * A name so long that it reaches the speech column, set apart by one space only: "Duke and
 * Senators Dead?" where the page's speeches start at "Dead?".
 */
function columnCue(line: MarginLine): MarginCue | null {
  const { text, column } = line;
  if (column < 4 || text.length <= column || text[column - 1] !== ' ' || text[column] === ' ')
    return null;
  const name = text.slice(0, column).trim();
  if (!nameWords(name) || NOT_A_NAME.test(name)) return null;
  return { name, direction: null, speech: text.slice(column).trim() };
}

/** Names of several words heard as cues, by their first word: a few per word. */
type HeardNames = Map<string, string[]>;

function hear(heard: HeardNames, name: string): void {
  const first = name.slice(0, name.indexOf(' '));
  if (!first) return;
  const names = heard.get(first) ?? [];
  if (names.length < 4 && !names.includes(name)) heard.set(first, [...names, name]);
}

/**
 * A name of several words already heard as a cue, set apart by one space only where the page's
 * column gives no help: "Duke and Senators We are very sorry for't."
 */
function heardCue(text: string, heard: HeardNames): MarginCue | null {
  const names = heard.get(text.slice(0, text.indexOf(' ')));
  for (const name of names ?? []) {
    const next = text[name.length + 1] ?? '';
    if (text.startsWith(name) && text[name.length] === ' ' && /[A-Z'‘“"]/.test(next))
      return { name, direction: null, speech: text.slice(name.length + 1).trim() };
  }
  return null;
}

/** A line that opens a speech at the margin: "NAME  speech", "Name, [aside]  speech". */
export function isMarginCueLine(raw: string): boolean {
  if (indentOf(raw) > 1) return false;
  const t = raw.trim();
  const cue = marginCue(t);
  if (!cue?.speech) return false;
  // The name is set apart by spaces or a direction, not only by a stop (play.ts reads those).
  const head = t.slice(cue.name.length, cue.name.length + 3);
  return head.startsWith('  ') || head.startsWith('\t') || head.startsWith(',');
}

/** How many lines of the text are margin cues with a speech (PDF format detection). */
export function countMarginCues(lines: string[], limit = 5000): number {
  let cues = 0;
  let seen = 0;
  for (const raw of lines) {
    if (seen >= limit) break;
    if (!raw.trim()) continue;
    seen++;
    if (isMarginCueLine(raw)) cues++;
  }
  return cues;
}

export function parseMargin(text: string): Draft[] {
  const lines = marginLines(text);
  const out: Draft[] = [];
  /** The speech being read: its cue and the words so far, split into speech and directions at
   * its end, so that a bracket spanning lines is one direction. */
  let speech: { cue: MarginCue; words: string[] } | null = null;
  let pending: string[] = [];
  let blanks = 0;
  const heard: HeardNames = new Map();
  const end = () => {
    if (speech) {
      const said = dialogue(speech.cue.name, speech.words);
      if (speech.cue.direction)
        said.direction = [speech.cue.direction, said.direction].filter(Boolean).join(' ');
      out.push(said);
    }
    speech = null;
    for (const d of pending) out.push(action(d));
    pending = [];
  };
  for (let i = 0; i < lines.length && out.length < MAX_LINES; i++) {
    const { text: t, indent } = lines[i]!;
    if (!t) {
      blanks++;
      continue;
    }
    const broke = blanks > 0;
    blanks = 0;
    if (isUnderline(t)) continue;
    if (isUnderline(lines[i + 1]?.text ?? '') || isHeadingLine(t)) {
      end();
      out.push(action(t, 'heading'));
      continue;
    }
    const cue = indent <= 1 ? (marginCue(t) ?? heardCue(t, heard) ?? columnCue(lines[i]!)) : null;
    if (cue && normaliseCue(cue.name) && (cue.speech || cue.direction || isCueAlone(lines, i))) {
      end();
      hear(heard, cue.name);
      speech = { cue, words: cue.speech ? [cue.speech] : [] };
      continue;
    }
    if (isDirectionLine(t)) {
      if (speech) pending.push(t);
      else out.push(action(t));
      continue;
    }
    if (speech && (!broke || indent > 1 || pending.length > 0)) {
      for (const d of pending) speech.words.push(d.startsWith('[') ? d : `[${d}]`);
      pending = [];
      speech.words.push(t);
      continue;
    }
    const continues = !speech && !broke && pending.length === 0;
    end();
    const last = out[out.length - 1];
    if (continues && last?.kind === 'action') last.text += `\n${t}`;
    else out.push(action(t));
  }
  end();
  return out;
}

/** A name alone at the margin ("ALL") with its speech indented on the next line. */
function isCueAlone(lines: MarginLine[], i: number): boolean {
  const next = lines[i + 1];
  return (
    !!next && !!next.text && next.indent > 1 && lines[i]!.text === lines[i]!.text.toUpperCase()
  );
}
