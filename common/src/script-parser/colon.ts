import { HEADING, MAX_LINES, action, dialogue, extendSpeech, type Draft } from './lines';
import { isDoubleSpaced, withoutFurniture } from './pages';

/**
 * "NAME: line" text: sides sent by e-mail, film and TV transcripts, court transcripts. Lines
 * without a cue continue the speech above them; bracketed lines and upper-case headings do not.
 */

// Bounded name, at most two spaces before the colon: one line is matched at a time, anchored.
// "???" is a speaker nobody could name.
const COLON_LINE =
  /^\s*(\?{1,3}|[A-Za-z][A-Za-z0-9 .'’#&-]{0,39}?(?:\s{0,2}[([][^)\]]{1,30}[)\]])?)( {0,2}):(?:\s+(.*)|)$/;

/** Radio and recording cues written like speakers: "SOUND: A door slams.", "MUSIC: Up and out." */
const EFFECT_CUE = /^\s*(?:music|sound|sounds|sound effects?|sfx|fx|f\/x|effects?|biz)\s*:/i;

/** Joining words a cue in capitals may keep in lower case: "ARTHUR and PARTY", "KING of FRANCE". */
const JOINERS = new Set([
  'and',
  '&',
  'of',
  'the',
  'with',
  'de',
  'du',
  'la',
  'le',
  'von',
  'van',
  'y',
]);

const NOT_A_SPEAKER =
  /^(int|ext|est|i\/e|note|notes|scene|act|part|chapter|title|subtitle|author|authors|by|draft|draft date|credit|credits|source|contact|copyright|date|time|place|setting|location|characters?|cast|cast list|dramatis personae|persons|page|appearances|present|also present|contents|proceedings|transcript|episode|season|series|release date|language|produced by|directed by|written by|music|http|https|www)$/i;

const SCENE_MARK = /^(scene|act|part|chapter|episode)\s*[\dIVXLC]+\b/i;

export interface ColonCue {
  name: string;
  speech: string;
  /** Written with a space before the colon ("KING : John Smith"), as cast lists are. */
  spaced: boolean;
}

/** The cue and speech of a "NAME: line", or null when the line is not one. */
export function colonCue(line: string): ColonCue | null {
  if (line.length > 2000 && line.indexOf(':') > 200) return null;
  const m = COLON_LINE.exec(line.length > 2000 ? line.slice(0, 2000) : line);
  if (!m) return null;
  if (/\s$/.test(m[1]!)) return null; // "Petitioners        :" is a form, not a cue
  const name = m[1]!.trim();
  const bare = bareName(name);
  if (!bare || !/^[A-Z?]/.test(bare) || NOT_A_SPEAKER.test(bare) || SCENE_MARK.test(bare))
    return null;
  // At most four words of names; joined names may have more ("MAGGIE and TOM and BARNABY").
  const words = bare.split(/\s+/);
  if (words.length > 8 || words.filter((w) => !JOINERS.has(w.toLowerCase())).length > 4)
    return null;
  if (HEADING.test(line.trim())) return null;
  const speech = line.length > 2000 ? line.slice(line.indexOf(':') + 1).trim() : (m[3] ?? '');
  if (speech.startsWith('//')) return null;
  return { name, speech, spaced: m[2]!.length > 0 };
}

/** The name without its parenthesised direction: "MINSTREL (singing)" -> "MINSTREL". */
function bareName(name: string): string {
  return name.replace(/\s*[([].*$/, '').trim();
}

/** "KING ARTHUR", "ARTHUR and PARTY", "???": a name in capitals but for its joining words. */
function inCapitals(name: string): boolean {
  const bare = bareName(name);
  return bare.split(/\s+/).every((w) => w === w.toUpperCase() || JOINERS.has(w));
}

/**
 * "Graham Chapman", "Terry Jones and Michael Palin", "Connie Booth (voice)": the value of a
 * cast-list line, one to three people's names.
 */
function looksLikePersonName(value: string): boolean {
  const v = value
    .trim()
    .replace(/\s*\([^()]{0,40}\)$/, '')
    .replace(/\b(Jr|Sr|Mr|Mrs|Ms|Dr|St)\./g, '$1');
  if (!v || v.length > 80 || /[.!?;:]$/.test(v)) return false;
  const people = v.split(/\s*,\s*|\s+(?:and|&)\s+|\s*\/\s*/);
  return (
    people.length <= 3 &&
    people.every((p) => {
      const words = p.split(/\s+/);
      return words.length <= 4 && words.every((w) => /^[A-Z][A-Za-z.'’-]*$/.test(w));
    })
  );
}

const CAST_HEADING =
  /^(?:the )?(?:cast|cast list|cast of characters|characters|dramatis person(?:ae|æ)|persons of the play)\s*:?$/i;

/**
 * Indexes of lines that belong to a cast list: the "ROLE: Actor Name" lines under a "CAST"
 * heading, 3 or more such lines in a row, or 2 written "ROLE : Actor" (a space before the colon).
 */
function castListLines(lines: string[], cues: (ColonCue | null)[]): Set<number> {
  const out = new Set<number>();
  let run: number[] = [];
  let spaced = 0;
  let underHeading = false;
  // A list names each role once: "ANNA: Hello / BEN: Hi / ANNA: Bye" is a scene.
  const roles = new Set<string>();
  const close = () => {
    if (run.length >= 3 || (run.length >= 2 && spaced >= 2) || (run.length && underHeading))
      for (const i of run) out.add(i);
    run = [];
    spaced = 0;
    roles.clear();
  };
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (!t) {
      // A blank line ends a list under a heading, but not one counted by its lines.
      if (underHeading) {
        close();
        underHeading = false;
      }
      continue;
    }
    const cue = cues[i];
    if (cue && looksLikePersonName(cue.speech)) {
      const role = bareName(cue.name).toUpperCase();
      if (roles.has(role)) close();
      roles.add(role);
      run.push(i);
      if (cue.spaced) spaced++;
      continue;
    }
    close();
    underHeading = CAST_HEADING.test(t);
  }
  close();
  return out;
}

/** A line shouted in capitals is still speech; a heading in capitals has no sentence end. */
function isUpperHeading(line: string): boolean {
  if (line.length > 100 || !/[A-Z]{2}/.test(line) || line !== line.toUpperCase()) return false;
  return !/[!?]$/.test(line) && !line.startsWith('(') && !line.startsWith('[');
}

/** "SCENE 2: [Mrs. Okafor's kitchen, above" - a bracket opened and not closed on the line. */
function unclosed(line: string): boolean {
  const open = line.lastIndexOf('[');
  return open >= 0 && line.indexOf(']', open) < 0;
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
    if (inCapitals(c.name)) upperCues++;
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
    const cue = found && (!capitalsOnly || inCapitals(found.name)) ? found : null;
    if (EFFECT_CUE.test(line)) {
      out.push(action(line));
      last = null;
    } else if (cue) {
      last = dialogue(cue.name, [cue.speech]);
      out.push(last);
    } else if (HEADING.test(line) || /^(scene|act)\s*[\dIVXLC]+\s*:/i.test(line)) {
      // A heading whose bracketed description runs on to the next line or two.
      let heading = line;
      for (let k = 0; k < 2 && unclosed(heading) && lines[i + 1]?.trim(); k++)
        heading += ` ${lines[++i]!.trim()}`;
      out.push(action(heading, 'heading'));
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
