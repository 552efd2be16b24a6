import { normaliseCue } from '../scripts';
import { MAX_LINES, action, dialogue, extendSpeech, type Draft } from './lines';

/**
 * Plays in the common public-domain layouts, read paragraph by paragraph:
 * - the cue alone on its line, speech below: "ROMEO." (Gutenberg Shakespeare), "First Citizen:"
 *   (many Shakespeare editions);
 * - the cue opening the speech, two spaces after its full stop: "Algernon.  Did you hear...",
 *   "MRS. MARCHMONT.  Going on to..." (Gutenberg editions of Wilde).
 * A paragraph without a cue that follows a speech and its stage directions goes on with that
 * speech ("ROMEO. He jests at scars... / Juliet appears above. / But soft, what light...").
 */

const MAX_CUE = 48;

/** "ROMEO." / "LADY CAPULET." / "First Citizen:" / "ROMEO:" alone on a line. */
export function ownLineCue(line: string): string | null {
  const t = line.trim();
  if (t.length < 2 || t.length > MAX_CUE || line.length - line.trimStart().length > 12) return null;
  const end = t[t.length - 1];
  if (end !== '.' && end !== ':') return null;
  const name = t.slice(0, -1).trim();
  if (!isNameWords(name)) return null;
  const upper = name === name.toUpperCase();
  // "Farewell." on its own is speech: a full stop cue must be in capitals.
  if (end === '.' && !upper) return null;
  if (!upper && !name.split(' ').every((w) => /^[A-Z]/.test(w) || SMALL_WORDS.has(w))) return null;
  if (/^(ACT|SCENE|PROLOGUE|EPILOGUE|THE END|END|FINIS|CURTAIN|TABLEAU)\b/i.test(name)) return null;
  return name;
}

const SMALL_WORDS = new Set(['of', 'the', 'de', 'du', 'la', 'le', 'von', 'van', 'and']);

/** One to five name words: letters, apostrophes, hyphens, "MRS." style abbreviations, "&". */
function isNameWords(name: string): boolean {
  const words = name.split(' ');
  if (words.length > 5 || !/^[A-Za-z]/.test(name)) return false;
  return words.every((w) => /^(?:[A-Za-z][A-Za-z'’-]*\.?|&)$/.test(w));
}

/** "MR. MONTFORD" in a list of persons is not Mr speaking the word "Montford". */
const TITLE_ONLY = /^(MR|MRS|MS|MISS|DR|ST|REV|SIR|CAPT|COL|GEN|LT|SGT|PROF|MESSRS|MME|MLLE)$/;

const NOT_A_CUE = /^(ACT|SCENE|PART|PROLOGUE|EPILOGUE|SECTION|CHAPTER|BOOK|VOLUME)\b/i;

/**
 * "Algernon.  Did you hear" -> ["Algernon", "Did you hear"], and a cue in capitals running into
 * a direction: "MRS. CHEVELEY [_Superciliously_.]  Indeed?". Null when the line is no cue.
 */
export function inlineCue(line: string): [string, string] | null {
  if (!/^[A-Z]/.test(line) || NOT_A_CUE.test(line)) return null;
  const window = line.slice(0, MAX_CUE + 3);
  let stop = window.indexOf('.  ');
  while (stop > 0) {
    const name = window.slice(0, stop).trim();
    if (isNameWords(name) && capitalised(name)) return [name, line.slice(stop + 1).trim()];
    stop = window.indexOf('.  ', stop + 1);
  }
  const bracket = window.indexOf(' [');
  if (bracket > 0) {
    const name = window.slice(0, bracket);
    if (name === name.toUpperCase() && /[A-Z]{2}/.test(name) && isNameWords(name))
      return [name, line.slice(bracket + 1).trim()];
  }
  // One space after the stop only for a name in capitals: "JACK. Yes." but not "Yes. I did."
  const m = /^((?:[A-Z][A-Z'’-]*\.? ){0,4}[A-Z][A-Z'’-]+)\. (\S.*)$/.exec(window);
  if (m && line.length > m[1]!.length + 2) {
    const name = m[1]!;
    if (isNameWords(name) && !TITLE_ONLY.test(name))
      return [name, line.slice(name.length + 1).trim()];
  }
  return null;
}

function capitalised(name: string): boolean {
  return name.split(' ').every((w) => /^[A-Z&]/.test(w) || SMALL_WORDS.has(w));
}

/** A stage direction paragraph: bracketed, indented, or opening with Enter/Exit/Exeunt. */
function isDirection(first: string, raw: string): boolean {
  const t = first.trim();
  return (
    t.startsWith('[') ||
    t.startsWith('(') ||
    (raw.length > 0 && raw[0] === ' ' && !ownLineCue(raw)) ||
    /^(Enter|Re-enter|Exit|Exeunt|Manet|Flourish|Alarum|Sennet)\b/.test(t)
  );
}

function isHeading(t: string): boolean {
  return (
    /^(ACT|SCENE|PROLOGUE|EPILOGUE|THE PROLOGUE|INDUCTION|FIRST ACT|SECOND ACT|THIRD ACT|FOURTH ACT|FIFTH ACT)\b/i.test(
      t,
    ) ||
    (t.length <= 60 && t === t.toUpperCase() && /[A-Z]{3}/.test(t) && !/[.:]$/.test(t))
  );
}

export function parsePlay(text: string): Draft[] {
  const paragraphs = paragraphsOf(text);
  const out: Draft[] = [];
  let speech: Draft | null = null;
  let pendingDirections: string[] = [];
  const flushDirections = () => {
    for (const d of pendingDirections) out.push(action(d));
    pendingDirections = [];
  };

  for (const para of paragraphs) {
    if (out.length >= MAX_LINES) break;
    const firstRaw = para[0]!;
    const first = firstRaw.trim();
    const own = para.length > 1 ? ownLineCue(firstRaw) : null;
    const inline = own ? null : firstRaw[0] === ' ' ? null : inlineCue(first);
    if (own || inline) {
      flushDirections();
      const lines = own ? para.slice(1) : [inline![1], ...para.slice(1)];
      speech = dialogue(
        own ?? inline![0],
        lines.map((l) => l.trim()),
      );
      if (!normaliseCue(own ?? inline![0])) speech = action(para.join('\n'));
      out.push(speech);
      continue;
    }
    if (isHeading(first) && para.length <= 2) {
      flushDirections();
      out.push(action(para.map((l) => l.trim()).join(' '), 'heading'));
      speech = null;
      continue;
    }
    const joined = para.map((l) => l.trim()).join(' ');
    if (isDirection(first, firstRaw)) {
      if (speech) pendingDirections.push(joined);
      else out.push(action(joined));
      continue;
    }
    if (speech?.kind === 'dialogue' && pendingDirections.length > 0) {
      // The speaker goes on after a stage direction.
      extendSpeech(
        speech,
        `${pendingDirections.map((d) => `[${stripBrackets(d)}]`).join(' ')} ${joined}`,
      );
      pendingDirections = [];
      continue;
    }
    flushDirections();
    out.push(action(joined));
    speech = null;
  }
  flushDirections();
  return out;
}

function stripBrackets(d: string): string {
  const t = d.trim();
  return /^[[(]/.test(t) && /[\])]$/.test(t) ? t.slice(1, -1).trim() : t;
}

/** Blank-line separated paragraphs; lines keep their indentation, trailing spaces go. */
function paragraphsOf(text: string): string[][] {
  const out: string[][] = [];
  let para: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line.trim()) para.push(line);
    else if (para.length) {
      out.push(para);
      para = [];
    }
  }
  if (para.length) out.push(para);
  return out;
}
