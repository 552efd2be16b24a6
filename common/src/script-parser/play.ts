import { normaliseCue } from '../scripts';
import { MAX_LINES, action, dialogue, extendSpeech, splitDirections, type Draft } from './lines';

/**
 * Plays in the common public-domain layouts, read paragraph by paragraph:
 * - the cue alone on its line, speech below: "ROMEO." (Gutenberg Shakespeare), "First Citizen:"
 *   (many Shakespeare editions);
 * - the cue opening the speech, two spaces after its full stop: "Algernon.  Did you hear...",
 *   "MRS. MARCHMONT.  Going on to..." (Gutenberg editions of Wilde);
 * - the cue as a paragraph of its own, the speech in the paragraphs below it: "FARNCOMBE." or, in
 *   mixed case and often in italics, "_Gudfinna._", "_The Boy (throws his dart)._" (Gutenberg
 *   editions of translated plays). A mixed-case name with a full stop is a cue only in a text
 *   that names its speakers so again and again, never a word someone says ("Farewell.").
 * A paragraph without a cue that follows a speech and its stage directions goes on with that
 * speech ("ROMEO. He jests at scars... / Juliet appears above. / But soft, what light...").
 */

const MAX_CUE = 48;

export interface CueLine {
  name: string;
  /** Delivery written on the cue: "(throws his dart)". */
  direction: string | null;
  /** A mixed-case name with a full stop ("Gudfinna."), a cue only where the text uses them. */
  mixed: boolean;
  /** Set in italics: "_Gudfinna._". */
  italic: boolean;
}

/**
 * "ROMEO." / "LADY CAPULET." / "First Citizen:" / "_Gudfinna._" / "_The Boy (laughing)._" alone
 * on a line; null when the line cannot be a cue. Italic markers are dropped first.
 */
export function cueLine(line: string): CueLine | null {
  if (line.length - line.trimStart().length > 12) return null;
  const raw = line.trim();
  if (raw.length < 2 || raw.length > MAX_CUE + 84) return null;
  const t = raw.replace(/[_*]/g, '').trim();
  const end = t[t.length - 1];
  if (end !== '.' && end !== ':') return null;
  let name = t.slice(0, -1).trim();
  let direction: string | null = null;
  const open = name.indexOf('(');
  if (open > 0 && name.endsWith(')') && name.indexOf(')') === name.length - 1) {
    direction = name.slice(open);
    name = name.slice(0, open).trim();
  }
  if (name.length > MAX_CUE || !isNameWords(name)) return null;
  // "IV." / "II. The Second Farm": a list's or an act's number.
  if (ROMAN.test(name.split(' ')[0]!.replace(/\.$/, ''))) return null;
  const upper = name === name.toUpperCase();
  if (!upper && !capitalised(name)) return null;
  if (/^(?:THE )?(ACT|SCENE|PROLOGUE|EPILOGUE|END|FINIS|CURTAIN|TABLEAU|CONTENTS)\b/i.test(name))
    return null;
  if (/\b(?:ACT|SCENE)$/i.test(name)) return null; // "FIRST ACT:", "The Second Scene.
  if (!upper && NOT_A_MIXED_CUE.test(name)) return null;
  return { name, direction, mixed: !upper && end === '.', italic: raw.length !== t.length };
}

/** "ROMEO." / "LADY CAPULET." / "First Citizen:" / "ROMEO:" alone on a line. */
export function ownLineCue(line: string): string | null {
  const cue = cueLine(line);
  // "Farewell." on its own is speech: a full stop cue must be in capitals.
  return cue && !cue.mixed && !cue.direction ? cue.name : null;
}

/**
 * Words that close a stage direction or are said on their own, never a mixed-case name:
 * "_Curtain._", "_Silence._", "Farewell.", "_Exit Halla._".
 */
const NOT_A_MIXED_CUE =
  /^(?:Enter|Exit|Exeunt|Re-enter|Manet|Curtain|Silence|Pause|Darkness|Music|Blackout|Tableau|Slow|Quick|Yes|No|Nay|Ay|Aye|Oh|Ah|Alas|Amen|Farewell|Goodbye|Good|Well|Indeed|Nothing|Never|Enough|Come|Go|Stop|Wait|Help|Thanks|Thank|Quite|Certainly|Hush|Look|Listen|So|Then|Now|Here|There|What|Why|Who|How|When|Where|Finis|Fin|Note|Notes|Contents|Preface|Introduction|Illustration|Chapter|Section|Part|Book|Volume|Footnote|Footnotes|Transcriber|Produced|Release|Language|Title|Author|Editor|Translator|Translated|Printed|Copyright|Published|Dedication)\b/;

const SMALL_WORDS = new Set(['of', 'the', 'de', 'du', 'la', 'le', 'von', 'van', 'and']);

/** One to five name words: letters, apostrophes, hyphens, "MRS." style abbreviations, "&". */
function isNameWords(name: string): boolean {
  const words = name.split(' ');
  if (words.length > 5 || !/^\p{L}/u.test(name)) return false;
  return words.every((w) => /^(?:\p{L}[\p{L}'’-]*\.?|&)$/u.test(w));
}

/** "MR. MONTFORD" in a list of persons is not Mr speaking the word "Montford". */
const TITLE_ONLY = /^(MR|MRS|MS|MISS|DR|ST|REV|SIR|CAPT|COL|GEN|LT|SGT|PROF|MESSRS|MME|MLLE)$/;

const NOT_A_CUE = /^(ACT|SCENE|PART|PROLOGUE|EPILOGUE|SECTION|CHAPTER|BOOK|VOLUME)\b/i;

/** "II. Poems by Tegnér", "IV." - the numbers of a list or an act, not a name. */
const ROMAN = /^(?=[IVXLC])(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;

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
    // "MRS. CHEVELEY [_Superciliously_.]  Indeed?", "VON RETTENMAYER. [_To ENID._] I beg".
    const name = window.slice(0, bracket).replace(/\.$/, '');
    if (name === name.toUpperCase() && /[A-Z]{2}/.test(name) && isNameWords(name))
      return [name, line.slice(bracket + 1).trim()];
  }
  // One space after the stop only for a name in capitals: "JACK. Yes." but not "Yes. I did."
  const m = /^((?:[A-Z][A-Z'’-]*\.? ){0,4}[A-Z][A-Z'’-]+)\. (\S.*)$/.exec(window);
  if (m && line.length > m[1]!.length + 2) {
    const name = m[1]!;
    if (isNameWords(name) && !TITLE_ONLY.test(name) && !ROMAN.test(name))
      return [name, line.slice(name.length + 1).trim()];
  }
  return null;
}

function capitalised(name: string): boolean {
  return name.split(' ').every((w) => /^[\p{Lu}&]/u.test(w) || SMALL_WORDS.has(w));
}

/** A stage direction paragraph: bracketed, indented, or opening with Enter/Exit/Exeunt. */
function isDirection(first: string, raw: string, joined: string): boolean {
  const t = first.trim();
  return (
    // A paragraph all in italics ("_It is night._", "_Kari's Song_") is a direction or a title,
    // unless it is a cue ("_Jorunn (uncovers her eyes)._").
    (/^_[^_]+_\.?$/.test(joined) && !cueLine(joined)) ||
    // "[_Suddenly._] Here's the guv'nor!" is speech with its direction.
    ((t.startsWith('[') || t.startsWith('(')) && !splitDirections(joined).text) ||
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
  const mixedOk = usesMixedCues(paragraphs);
  const out: Draft[] = [];
  let speech: Draft | null = null;
  // The speech began at a cue standing alone: the paragraphs below are its speech.
  let alone = false;
  // A cue alone on its paragraph whose speech has not come yet.
  let awaiting = false;
  let pendingDirections: string[] = [];
  const flushDirections = () => {
    for (const d of pendingDirections) out.push(action(d));
    pendingDirections = [];
  };
  const speakers = new Set<string>();
  let cueText = '';
  // A cue alone that no speech follows ("II. The Second Farm." before a heading) was no cue.
  const unspokenCue = () => {
    if (speech && out[out.length - 1] === speech && !speech.text) {
      out[out.length - 1] = action(cueText);
      speech = null;
    }
  };

  for (const para of paragraphs) {
    if (out.length >= MAX_LINES) break;
    const firstRaw = para[0]!;
    const first = firstRaw.trim();
    const joined = closeBracket(para.map((l) => l.trim()).join(' '));

    if (awaiting && speech?.kind === 'dialogue') {
      awaiting = false;
      if (isDirection(first, firstRaw, joined)) {
        extendSpeech(speech, `[${stripBrackets(joined)}]`);
        awaiting = true;
        continue;
      }
      // "_Sølvi._ / Duck-shot.": the speech, though it looks like a cue, unless someone of
      // that name has spoken already.
      const next = cueOf(para, mixedOk);
      if (!isHeading(first) && (!next || !speakers.has(next.name))) {
        extendSpeech(speech, joined);
        continue;
      }
      unspokenCue();
    }

    const italic =
      firstRaw[0] === '_'
        ? italicCue(joined)
        : firstRaw[0] !== ' '
          ? spokenBy(joined, speakers)
          : null;
    if (italic) {
      speakers.add(italic.name);
      flushDirections();
      speech = dialogue(`${italic.name} (${italic.direction})`, [italic.speech]);
      out.push(speech);
      alone = true;
      awaiting = !italic.speech;
      continue;
    }
    const own = cueOf(para, mixedOk);
    const inline = own ? null : firstRaw[0] === ' ' ? null : inlineCue(first);
    if (own || inline) {
      flushDirections();
      const cue = own ? [own.name, own.direction].filter(Boolean).join(' ') : inline![0];
      if (own) speakers.add(own.name);
      const lines = own ? (own.alone ? [] : para.slice(1)) : [inline![1], ...para.slice(1)];
      speech = dialogue(cue, [closeBracket(lines.map((l) => l.trim()).join(' '))]);
      if (!normaliseCue(cue)) speech = action(para.join('\n'));
      out.push(speech);
      alone = !!own?.alone;
      awaiting = alone;
      cueText = joined;
      continue;
    }
    if (isHeading(first) && para.length <= 2) {
      flushDirections();
      out.push(action(para.map((l) => l.trim()).join(' '), 'heading'));
      speech = null;
      continue;
    }
    if (isDirection(first, firstRaw, joined)) {
      if (speech) pendingDirections.push(joined);
      else out.push(action(joined));
      continue;
    }
    if (speech?.kind === 'dialogue' && (pendingDirections.length > 0 || alone)) {
      // The speaker goes on after a stage direction, or in another paragraph.
      const directions = pendingDirections.map((d) => `[${stripBrackets(d)}]`).join(' ');
      extendSpeech(speech, directions ? `${directions} ${joined}` : joined);
      pendingDirections = [];
      continue;
    }
    flushDirections();
    out.push(action(joined));
    speech = null;
  }
  if (awaiting) unspokenCue();
  flushDirections();
  return out;
}

/**
 * "_Halla_ (_stares at him, speechless_). Have you a wife?": a name in italics, its delivery in
 * parentheses (over several lines, the stop inside or after them), then the speech, if any, in
 * the same paragraph. Null when the paragraph opens otherwise.
 */
export function italicCue(
  text: string,
): { name: string; direction: string; speech: string } | null {
  const close = text.indexOf('_', 1);
  if (text[0] !== '_' || close < 2 || close > MAX_CUE + 1) return null;
  const name = text.slice(1, close).trim();
  const words = name.split(' ');
  if (words.length > 4 || !/^\p{Lu}/u.test(name)) return null;
  if (!words.every((w) => /^\p{L}[\p{L}'’-]*$/u.test(w)) || NOT_A_MIXED_CUE.test(name)) return null;
  const rest = text.slice(close + 1);
  const open = rest.indexOf('(');
  if (open < 0 || rest.slice(0, open).trim() !== '') return null;
  const end = rest.indexOf(')', open);
  if (end < 0 || end > open + 600) return null;
  const inner = rest
    .slice(open + 1, end)
    .replace(/_/g, '')
    .trim();
  const after = rest.slice(end + 1);
  // The stop closes the cue: after the parenthesis, or inside it before a space.
  if (!after.startsWith('.') && !(inner.endsWith('.') && /^(?:\s|$)/.test(after))) return null;
  return { name, direction: inner.replace(/\.$/, ''), speech: after.replace(/^\./, '').trim() };
}

/**
 * "Halla (to Jon's Wife). Your husband is happy.": someone who has spoken already, the delivery
 * in parentheses, then the speech (the italic form without its markers).
 */
function spokenBy(
  text: string,
  speakers: Set<string>,
): { name: string; direction: string; speech: string } | null {
  const open = text.indexOf(' (');
  if (open < 1 || open > MAX_CUE || !speakers.has(text.slice(0, open))) return null;
  return italicCue(`_${text.slice(0, open)}_${text.slice(open)}`);
}

/**
 * The cue a paragraph opens with, alone on its first line: the speech below it, or (a paragraph
 * of one line, not indented) in the paragraphs that follow.
 */
function cueOf(para: string[], mixedOk: boolean): (CueLine & { alone: boolean }) | null {
  const first = para[0]!;
  if (para.length === 1 && first.length - first.trimStart().length > 2) return null;
  const cue = cueLine(first);
  if (cue) return !cue.mixed || mixedOk ? { ...cue, alone: para.length === 1 } : null;
  // "_Kari (in a sudden outburst, drawing her to him and kissing her / forehead)._"
  if (para.length > 3 || first[0] !== '_') return null;
  const joined = cueLine(para.map((l) => l.trim()).join(' '));
  return joined && (!joined.mixed || mixedOk) ? { ...joined, alone: true } : null;
}

/**
 * Whether the text names its speakers "Gudfinna." (mixed case, full stop) on a paragraph of
 * their own: 3 such cues in italics of names that come back, or without italics 8 of two names or
 * more; a paragraph that follows such a cue is not counted (that is the speech: "No.").
 */
function usesMixedCues(paragraphs: string[][]): boolean {
  const seen = new Map<string, number>();
  let italic = 0;
  let afterCue = false;
  for (const para of paragraphs) {
    const cue: ReturnType<typeof cueOf> = afterCue ? null : cueOf(para, true);
    afterCue = !!cue?.alone;
    if (!cue?.mixed) continue;
    seen.set(cue.name, (seen.get(cue.name) ?? 0) + 1);
    if (cue.italic) italic++;
  }
  return mixedCuesAgree(seen, italic);
}

/** The rule of usesMixedCues, over cues counted by name (format detection uses it too). */
export function mixedCuesAgree(byName: Map<string, number>, italic: number): boolean {
  let recurring = 0;
  let names = 0;
  for (const n of byName.values()) {
    if (n < 2) continue;
    recurring += n;
    names++;
  }
  return italic * 2 >= recurring ? recurring >= 3 : names >= 2 && recurring >= 8;
}

/** "Kari's.    [_Exit._": Gutenberg editions leave a direction's bracket open at its end. */
function closeBracket(text: string): string {
  return text.lastIndexOf('[') > text.lastIndexOf(']') ? `${text}]` : text;
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
