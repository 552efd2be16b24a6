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

/**
 * Splits text into pieces spoken one after another: the first piece is the first sentence (so
 * audio starts quickly), later pieces gather sentences up to `maxChars` (fewer process starts).
 * Every piece ends at a sentence or line boundary when it can; an over-long sentence is cut at a
 * comma or a space.
 */
export function splitForSynthesis(
  text: string,
  options: { firstMaxChars?: number; maxChars?: number } = {},
): string[] {
  const firstMax = options.firstMaxChars ?? 200;
  const max = options.maxChars ?? 500;
  const sentences = text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const limit = pieces.length === 0 && !current ? firstMax : max;
    for (const part of cutLong(sentence, limit)) {
      const cap = pieces.length === 0 ? firstMax : max;
      if (current && current.length + 1 + part.length > cap) {
        pieces.push(current);
        current = part;
      } else {
        current = current ? `${current} ${part}` : part;
      }
      if (pieces.length === 0 && current) {
        pieces.push(current);
        current = '';
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
