import { HEADING, MAX_LINES, action, dialogue, extendSpeech, type Draft } from './lines';
import { isDoubleSpaced, withoutFurniture } from './pages';

/**
 * "NAME: line" text: sides sent by e-mail, film and TV transcripts, court transcripts. Lines
 * without a cue continue the speech above them; bracketed lines and upper-case headings do not.
 */

// Bounded name, at most two spaces before the colon: one line is matched at a time, anchored.
const COLON_LINE =
  /^\s*([A-Za-z][A-Za-z0-9 .'’#&-]{0,39}?(?:\s{0,2}[([][^)\]]{1,30}[)\]])?) {0,2}:(?:\s+(.*)|)$/;

const NOT_A_SPEAKER =
  /^(int|ext|est|i\/e|note|notes|scene|act|part|chapter|title|subtitle|author|authors|by|draft|draft date|credit|credits|source|contact|copyright|date|time|place|setting|location|characters?|cast|cast list|dramatis personae|persons|page|appearances|present|also present|contents|proceedings|transcript|episode|season|series|release date|language|produced by|directed by|written by|music|http|https|www)$/i;

const SCENE_MARK = /^(scene|act|part|chapter|episode)\s*[\dIVXLC]+\b/i;

export interface ColonCue {
  name: string;
  speech: string;
}

/** The cue and speech of a "NAME: line", or null when the line is not one. */
export function colonCue(line: string): ColonCue | null {
  if (line.length > 2000 && line.indexOf(':') > 200) return null;
  const m = COLON_LINE.exec(line.length > 2000 ? line.slice(0, 2000) : line);
  if (!m) return null;
  if (/\s$/.test(m[1]!)) return null; // "Petitioners        :" is a form, not a cue
  const name = m[1]!.trim();
  const bare = name.replace(/\s*[([].*$/, '').trim();
  if (!bare || !/^[A-Z]/.test(bare) || NOT_A_SPEAKER.test(bare) || SCENE_MARK.test(bare))
    return null;
  if (bare.split(/\s+/).length > 4 || HEADING.test(line.trim())) return null;
  const speech = line.length > 2000 ? line.slice(line.indexOf(':') + 1).trim() : (m[2] ?? '');
  if (speech.startsWith('//')) return null;
  return { name, speech };
}

/** "Graham Chapman", "Terry Jones" - the value of a cast-list line. */
function looksLikePersonName(value: string): boolean {
  const v = value.trim();
  if (!v || v.length > 40 || /[.!?,;:]$/.test(v.replace(/\b(Jr|Sr|Mr|Mrs|Ms|Dr)\.$/, '$1'))) {
    return false;
  }
  const words = v.split(/\s+/);
  return words.length <= 4 && words.every((w) => /^[A-Z][A-Za-z.'’-]*$/.test(w));
}

/** Indexes of lines that belong to a cast list: 3 or more "ROLE: Actor Name" lines in a row. */
function castListLines(lines: string[], cues: (ColonCue | null)[]): Set<number> {
  const out = new Set<number>();
  let run: number[] = [];
  const close = () => {
    if (run.length >= 3) for (const i of run) out.add(i);
    run = [];
  };
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    const cue = cues[i];
    if (cue && looksLikePersonName(cue.speech)) run.push(i);
    else close();
  }
  close();
  return out;
}

/** A line shouted in capitals is still speech; a heading in capitals has no sentence end. */
function isUpperHeading(line: string): boolean {
  if (line.length > 100 || !/[A-Z]{2}/.test(line) || line !== line.toUpperCase()) return false;
  return !/[!?]$/.test(line) && !line.startsWith('(') && !line.startsWith('[');
}

function isBracketed(line: string): boolean {
  const first = line[0];
  const last = line[line.length - 1];
  return (first === '[' || first === '(') && (last === ']' || last === ')');
}

export function parseColon(text: string): Draft[] {
  const lines = withoutFurniture(text);
  const doubleSpaced = isDoubleSpaced(lines);
  // Each line's cue is found once; the passes below reuse it.
  const cues = lines.map((l) => {
    const t = l.trim();
    return t ? colonCue(t) : null;
  });
  const cast = castListLines(lines, cues);
  // When nearly every cue is in capitals, a mixed-case "Word:" is part of a sentence.
  let upperCues = 0;
  let allCues = 0;
  for (const c of cues) {
    if (!c?.speech) continue;
    allCues++;
    if (c.name === c.name.toUpperCase()) upperCues++;
  }
  const capitalsOnly = allCues >= 5 && upperCues / allCues >= 0.9;
  const out: Draft[] = [];
  let last: Draft | null = null;
  let blanks = 1;
  for (let i = 0; i < lines.length && out.length < MAX_LINES; i++) {
    const line = lines[i]!.trim();
    if (!line) {
      blanks++;
      continue;
    }
    const broke = blanks >= (doubleSpaced ? 2 : 1);
    blanks = 0;
    const found = cast.has(i) ? null : cues[i]!;
    const cue = found && (!capitalsOnly || found.name === found.name.toUpperCase()) ? found : null;
    if (cue) {
      last = dialogue(cue.name, [cue.speech]);
      out.push(last);
    } else if (HEADING.test(line) || /^(scene|act)\s*[\dIVXLC]+\s*:/i.test(line)) {
      out.push(action(line, 'heading'));
      last = null;
    } else if (isBracketed(line) || cast.has(i)) {
      out.push(action(isBracketed(line) ? line.slice(1, -1).trim() : line));
      last = null;
    } else if (isUpperHeading(line) && last?.kind !== 'action') {
      last = action(line);
      out.push(last);
    } else if (last && !broke && last.kind === 'dialogue') {
      extendSpeech(last, line);
    } else if (last && !broke && last.kind === 'action') {
      last.text += `\n${line}`;
    } else {
      last = action(line);
      out.push(last);
    }
  }
  return out;
}
