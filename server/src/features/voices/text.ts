/**
 * Text preparation for the offline engines. flite reads UTF-8 as bytes and drops words around
 * smart quotes and dashes; espeak reads emoji aloud ("grinning face"). So punctuation is folded
 * to ASCII for every engine, and letters are folded to ASCII for flite and festival.
 */
const PUNCTUATION: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u02BC]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2013\u2014\u2015\u2212]/g, ', '],
  [/[\u2010\u2011]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
  [/[\u200B-\u200D\u2060\uFEFF]/g, ''],
  [/&/g, ' and '],
];

// Emoji, pictographs and other symbols that an engine would either spell out or garble.
const SYMBOLS = /[\p{Extended_Pictographic}\p{So}\p{Cs}\p{Co}\uFE0F]/gu;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

export function foldText(text: string, options: { asciiOnly: boolean }): string {
  let t = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROL, ' ');
  for (const [re, to] of PUNCTUATION) t = t.replace(re, to);
  t = t.replace(SYMBOLS, ' ');
  if (options.asciiOnly) {
    t = t
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/ß/g, 'ss')
      .replace(/[æÆ]/g, 'ae')
      .replace(/[øØ]/g, 'o')
      .replace(/[^\x20-\x7E\n]/g, ' ');
  }
  return t
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** The longest word an engine is given: longer ones are read in parts (decision 132). */
export const MAX_WORD_CHARS = 30;
/**
 * The longest stretch an engine is given without a sentence end. Festival keeps a stretch with
 * no `.`, `!` or `?` as one utterance, and one of about 350 characters exhausts its heap
 * ("SIOD ERROR: ran out of storage"); flite and espeak simply take longer.
 */
export const MAX_UTTERANCE_CHARS = 200;

// Inside a word only: a full stop or comma at its end still ends the sentence or clause.
const JOINERS = /[-/\\_|=+~^*#@:.,;]+(?!$)/g;
const LONG_RUN = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'g');
const WORD_PART = new RegExp(`[\\s\\S]{1,${MAX_WORD_CHARS}}`, 'gu');

/**
 * Breaks every word longer than MAX_WORD_CHARS so that an engine can say it: first where a
 * reader would pause (the joiners of paths, handles and addresses, a lower-to-upper case change,
 * letters next to digits), then into parts of at most MAX_WORD_CHARS. "supercalifragilistic..."
 * is read in parts and a 600-letter run is spelled out piece by piece, instead of failing the
 * reading. Words of ordinary length are untouched. Linear in the text.
 */
export function breakLongWords(text: string): string {
  return text.replace(LONG_RUN, (token) =>
    token
      .replace(JOINERS, ' ')
      .replace(/(\p{Ll})(?=\p{Lu})|(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, '$& ')
      .replace(LONG_RUN, (run) => (run.match(WORD_PART) ?? [run]).join(' '))
      .trim(),
  );
}

/**
 * Splits text into pieces spoken one after another: the first piece is the first sentence (so
 * audio starts quickly), later pieces gather sentences up to `maxChars` (fewer process starts).
 * Every piece ends at a sentence or line boundary when it can; an over-long sentence is cut at a
 * comma or a space. Long words are broken first (breakLongWords), and no piece holds more than
 * MAX_UTTERANCE_CHARS without a sentence end, so every piece is small enough for every engine.
 */
export function splitForSynthesis(
  text: string,
  options: { firstMaxChars?: number; maxChars?: number } = {},
): string[] {
  const firstMax = options.firstMaxChars ?? MAX_UTTERANCE_CHARS;
  const max = options.maxChars ?? 500;
  const sentences = breakLongWords(text)
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const pieces: string[] = [];
  let current = '';
  // Characters at the end of `current` since its last sentence end.
  let open = 0;
  for (const sentence of sentences) {
    const limit = Math.min(pieces.length === 0 && !current ? firstMax : max, MAX_UTTERANCE_CHARS);
    for (const part of cutLong(sentence, limit)) {
      const cap = pieces.length === 0 ? firstMax : max;
      const openAfter = (open ? open + 1 : 0) + part.length;
      if (current && (current.length + 1 + part.length > cap || openAfter > MAX_UTTERANCE_CHARS)) {
        pieces.push(current);
        current = part;
        open = part.length;
      } else {
        current = current ? `${current} ${part}` : part;
        open = openAfter;
      }
      if (/[.!?]["')\]]*$/.test(part)) open = 0;
      if (pieces.length === 0 && current) {
        pieces.push(current);
        current = '';
        open = 0;
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}
function cutLong(sentence: string, max: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
    if (at < max * 0.4) at = window.lastIndexOf(' ');
    if (at < max * 0.4) at = max - 1;
    out.push(rest.slice(0, at + 1).trim());
    rest = rest.slice(at + 1).trim();
  }
  if (rest) out.push(rest);
  return out;
}
