import type { ScriptAnalysis, ScriptFormat, ScriptLine } from '../scripts';
import { colonCue, parseColon } from './colon';
import { parseFountain } from './fountain';
import { parseLayout } from './layout';
import {
  HEADING,
  MAX_LINES,
  TRANSITION,
  action,
  beatSeconds,
  cleanText,
  indentOf,
  isUpperCue,
  type Draft,
} from './lines';
import { countMarginCues, isMarginCueLine, parseMargin } from './margin';
import { editionParts, hasLineNumbers, withoutFurniture } from './pages';
import { cueLine, inlineCue, mixedCuesAgree, ownLineCue, parsePlay } from './play';

/**
 * Splits a script into lines: who speaks, what they say, and what is not spoken (scene
 * headings, action, transitions, directions). The text layouts understood:
 * - Fountain, and any screenplay pasted as plain text (upper-case cue, speech under it);
 * - "NAME: line" (sides sent by e-mail, film, TV and court transcripts);
 * - the printed screenplay page (text from a PDF, pdftotext -layout), format "layout";
 * - plays: "ROMEO." or "First Citizen:" alone on a line, or "Algernon.  Did you..." (format
 *   "plain"), and plays with the name at the margin and the speech beside it ("MACBETH  So foul",
 *   Folger editions and typeset plays; read by margin.ts, stored as format "plain" too);
 * - Final Draft XML (.fdx) is read by parse-fdx.ts.
 * Every reader is linear in the size of the text. See docs/decisions/060-script-parsing.md,
 * 121-reading-screenplay-pages.md and 122-linear-script-parsing.md.
 */
export type TextFormat = 'fountain' | 'colon' | 'layout' | 'plain' | 'margin';

export function parseScript(text: string, format: 'auto' | TextFormat = 'auto'): ScriptAnalysis {
  return readText(text, format).analysis;
}

export interface TextReading {
  analysis: ScriptAnalysis;
  /** For page layouts: pages read and pages with text but no speech found. */
  pages: number | null;
  pagesWithoutDialogue: number | null;
  /** The reader stopped at MAX_LINES lines; the rest of the text was not read. */
  truncated: boolean;
}

export function readText(text: string, format: 'auto' | TextFormat = 'auto'): TextReading {
  const clean = cleanText(text);
  // A public-domain edition's licence header and footer are not the play.
  const edition = format === 'layout' ? null : editionParts(clean);
  const work = edition ? edition.body : clean;
  const chosen = format === 'auto' ? detectFormat(work) : format;
  if (chosen === 'layout') {
    const layout = parseLayout(clean);
    return {
      analysis: { format: chosen, lines: numberLines(layout.drafts) },
      pages: layout.pages,
      pagesWithoutDialogue: layout.pagesWithoutDialogue,
      truncated: layout.drafts.length >= MAX_LINES,
    };
  }
  const body = work.replace(/\f/g, chosen === 'colon' || chosen === 'margin' ? '\f' : '\n');
  const read =
    chosen === 'colon'
      ? parseColon(body)
      : chosen === 'plain'
        ? parsePlay(body)
        : chosen === 'margin'
          ? parseMargin(body)
          : parseFountain(body);
  const drafts = edition
    ? paragraphActions(edition.head).concat(read, paragraphActions(edition.tail))
    : read;
  return {
    analysis: { format: chosen === 'margin' ? 'plain' : chosen, lines: numberLines(drafts) },
    pages: null,
    pagesWithoutDialogue: null,
    truncated: read.length >= MAX_LINES,
  };
}

/** Text read as action, a line per paragraph. */
function paragraphActions(text: string): Draft[] {
  const out: Draft[] = [];
  for (const para of text.split(/\n[ \t]*\n/)) {
    const t = para.trim();
    if (t) out.push(action(t));
  }
  return out;
}

export function numberLines(drafts: Draft[]): ScriptLine[] {
  const out: ScriptLine[] = [];
  for (const d of drafts) {
    if (out.length >= MAX_LINES) break;
    if (!d.text.trim() && d.kind !== 'dialogue') continue;
    // A split's line holds at most MAX_LINE_TEXT characters (scriptLineSchema): a longer one
    // (a whole chapter read as one speech) goes on in lines of its own, its direction cut.
    const direction =
      d.direction && d.direction.length > MAX_DIRECTION
        ? `${d.direction.slice(0, MAX_DIRECTION - 1)}…`
        : d.direction;
    let rest = d.text;
    let first = true;
    while ((first || rest) && out.length < MAX_LINES) {
      // Cut at a space where one is near the end of the line's room.
      const space = rest.length > MAX_LINE_TEXT ? rest.lastIndexOf(' ', MAX_LINE_TEXT) : -1;
      const cut =
        rest.length <= MAX_LINE_TEXT
          ? rest.length
          : space > MAX_LINE_TEXT / 2
            ? space
            : MAX_LINE_TEXT;
      const text = rest.slice(0, cut);
      out.push({ ...d, text, direction: first ? direction : null, id: `l${out.length + 1}` });
      rest = rest.slice(cut).trimStart();
      first = false;
    }
  }
  return out;
}

/** The longest text and direction of one line of a split (scriptLineSchema). */
const MAX_LINE_TEXT = 10_000;
const MAX_DIRECTION = 1000;

/**
 * Which layout a text is in, from one pass over its lines: the reader with the most cues wins
 * (upper-case screenplay cues, "NAME: line" cues, play cues), and deeply indented text is a
 * printed page. Fountain is the default.
 */
export function detectFormat(text: string): TextFormat {
  const lines = text.split(/\n|\f/);
  let nonBlank = 0;
  let indented = 0;
  let colon = 0;
  let play = 0;
  let screenplay = 0;
  let margin = 0;
  // Cues alone on their paragraph in mixed case ("Gudfinna."), by name: only names that come
  // back count, and not a paragraph just after such a cue (it is the speech).
  const mixed = new Map<string, number>();
  let italic = 0;
  let afterLoneCue = false;
  // The first 5,000 text lines decide; a longer text does not change its layout half way.
  for (let i = 0; i < lines.length && nonBlank < 5000; i++) {
    const raw = lines[i]!;
    const line = raw.length > 4000 ? raw.slice(0, 4000) : raw;
    const t = line.trim();
    if (!t) continue;
    nonBlank++;
    if (line.startsWith('          ') && line.trimStart() !== '') indented++;
    const cue = colonCue(t);
    if (cue && cue.speech) colon++;
    const startsParagraph = i === 0 || !lines[i - 1]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    if (startsParagraph && next) {
      if (ownLineCue(line)) play++;
      else if (isUpperCue(t)) screenplay++;
    }
    const alone = startsParagraph && !next && !afterLoneCue ? cueLine(line) : null;
    afterLoneCue = false;
    if (alone && !TRANSITION.test(alone.name) && (lines[i + 2]?.trim() ?? '') !== '') {
      afterLoneCue = true;
      if (!alone.mixed) play++;
      else {
        mixed.set(alone.name, (mixed.get(alone.name) ?? 0) + 1);
        if (alone.italic) italic++;
      }
    }
    if (startsParagraph && !line.startsWith(' ') && inlineCue(t)) play++;
    else if (startsParagraph && isMarginCueLine(line)) margin++;
  }
  if (mixedCuesAgree(mixed, italic)) for (const n of mixed.values()) play += n;
  if (nonBlank === 0) return 'fountain';
  if (hasLineNumbers(lines)) return 'colon';
  if (indented >= 2 && indented / nonBlank >= 0.3) return 'layout';
  const best = Math.max(colon, play, screenplay, margin);
  if (best < 2 || best === screenplay) return 'fountain';
  if (best === colon) return 'colon';
  return best === play ? 'plain' : 'margin';
}

/**
 * Which reader a PDF's text needs: the printed screenplay page (cues indented right of their
 * speech), a play with the name at the margin, or, for a page with neither (a plain scene,
 * "NAME: line" sides), the text readers on the text without its page furniture.
 */
export function readPdfText(text: string): TextReading {
  const clean = cleanText(text);
  const lines = clean.split(/\n|\f/);
  let screenplay = 0;
  let seen = 0;
  for (let i = 0; i < lines.length && seen < 5000; i++) {
    const raw = lines[i]!;
    const t = raw.trim();
    if (!t) continue;
    seen++;
    if (!isUpperCue(t)) continue;
    let j = i + 1;
    while (j < lines.length && j < i + 3 && !lines[j]!.trim()) j++;
    const next = lines[j];
    if (!next?.trim() || j !== i + 1) continue;
    const d = raw.length - raw.trimStart().length - (next.length - next.trimStart().length);
    if (d >= 3 && d <= 18) screenplay++;
  }
  const margin = countMarginCues(lines);
  if (screenplay >= 2 && screenplay >= margin) return readText(clean, 'layout');
  if (margin >= 2) return { ...readText(clean, 'margin'), pages: pagesOf(clean) };
  const body = dedent(withoutFurniture(clean)).join('\n');
  return { ...readText(body, 'auto'), pages: pagesOf(clean) };
}

function pagesOf(text: string): number {
  const pages = text.split('\f');
  let last = pages.length;
  while (last > 0 && !/\S/.test(pages[last - 1]!)) last--;
  return last;
}

/** Lines moved left by their common indentation (a page's margin). */
function dedent(lines: string[]): string[] {
  let margin = Infinity;
  for (const line of lines) if (line.trim()) margin = Math.min(margin, indentOf(line));
  return margin === Infinity || margin === 0 ? lines : lines.map((l) => l.slice(margin));
}

/** Fountain escapes for text that is read back through plain(): emphasis markers stay literal. */
/**
 * A speech as Fountain: its directions, then its words, with each beat written back where it
 * falls so that reading it again finds the same beats. Directions read from the speech come back
 * in the order they were written: those before a beat are written just before it, the rest
 * after the last word (or, with no beat, before the words, as the speech was most likely written).
 */
function speechWithBeats(line: ScriptLine): string {
  const text = line.text ? escapeEmphasis(line.text) : null;
  const parts = line.beats?.length && line.direction ? directionParts(line.direction) : null;
  if (!parts || !text) return [line.direction, text].filter(Boolean).join('\n');
  const words = text.split(' ');
  const at = new Map<number, string[]>();
  let pending: string[] = [];
  let beat = 0;
  for (const part of parts) {
    pending.push(part);
    const next = line.beats![beat];
    if (next && beatSeconds(part) !== null) {
      at.set(next.at, [...(at.get(next.at) ?? []), ...pending]);
      pending = [];
      beat++;
    }
  }
  // Beats that the direction does not name (an edited split) are left out rather than invented.
  const out: string[] = [];
  for (let i = 0; i <= words.length; i++) {
    out.push(...(at.get(i) ?? []));
    if (i < words.length) out.push(words[i]!);
  }
  out.push(...pending);
  return out.join(' ');
}

/** "(quietly) [beat]" -> ["(quietly)", "[beat]"]; null when the text is not only such parts. */
function directionParts(direction: string): string[] | null {
  const parts: string[] = [];
  let i = 0;
  while (i < direction.length) {
    const open = direction[i];
    if (open === ' ') {
      i++;
      continue;
    }
    if (open !== '(' && open !== '[') return null;
    const close = direction.indexOf(open === '(' ? ')' : ']', i);
    if (close < 0) return null;
    parts.push(direction.slice(i, close + 1));
    i = close + 1;
  }
  return parts.join(' ') === direction ? parts : null;
}

function escapeEmphasis(text: string): string {
  return text.replace(/[*_]/g, (c) => `\\${c}`);
}

const TITLE_KEY = /^(Title|Credit|Author|Authors|Source|Draft date|Contact|Copyright|Notes)\s*:/i;

/** An action that Fountain would read as something else needs the "!" that forces action. */
function actionNeedsForce(text: string): boolean {
  const first = text.split('\n', 1)[0]!.trim();
  return (
    /^[.!@~=#>[/]/.test(first) ||
    HEADING.test(first) ||
    TITLE_KEY.test(first) ||
    (first === first.toUpperCase() && TRANSITION.test(first)) ||
    isUpperCue(first) ||
    text.includes('/*') ||
    text.includes('[[')
  );
}

/**
 * The canonical Fountain text of an analysis (what is stored for a Final Draft or PDF import);
 * parsing it again gives the same lines. Linear: each line is written once.
 */
export function analysisToFountain(analysis: Pick<ScriptAnalysis, 'lines'>): string {
  const blocks: string[] = [];
  const lines = analysis.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.kind === 'heading') {
      blocks.push(HEADING.test(line.text) ? line.text : `.${line.text}`);
    } else if (line.kind === 'transition') {
      blocks.push(`> ${line.text}`);
    } else if (line.kind === 'action') {
      const text = line.text
        .split('\n')
        .map((l) => escapeEmphasis(l))
        .join('\n');
      blocks.push(actionNeedsForce(line.text) ? `!${text}` : text);
    } else {
      const cue = line.character ?? 'UNKNOWN';
      const prev = lines[i - 1];
      const second = line.dual && prev?.kind === 'dialogue' && prev.dual;
      const speech = speechWithBeats(line);
      blocks.push(`${isUpperCue(cue) ? cue : `@${cue}`}${second ? ' ^' : ''}\n${speech || '()'}`);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

export type { ScriptFormat };
