/**
 * The words of a line as the line check and the listening cue compare them: lower case, no
 * punctuation, contractions spelled out ("don't" -> "do not"), a few spoken forms made one
 * ("okay" -> "ok", "gonna" -> "going to"). Each word remembers which written word of the line
 * it came from, so a check can be shown on the script's own words.
 */
export interface Word {
  /** The compared form. */
  norm: string;
  /** Index of the written word (whitespace-separated) it came from. */
  source: number;
}

const CONTRACTIONS: Record<string, string[]> = {
  "won't": ['will', 'not'],
  "can't": ['can', 'not'],
  "shan't": ['shall', 'not'],
  "ain't": ['is', 'not'],
  "let's": ['let', 'us'],
  "y'all": ['you', 'all'],
  "o'clock": ['oclock'],
};
const SUFFIXES: [string, string[]][] = [
  ["n't", ['not']],
  ["'re", ['are']],
  ["'ve", ['have']],
  ["'ll", ['will']],
  ["'d", ['would']],
  ["'m", ['am']],
  // "it's" and "John's" read alike; both sides of a comparison are read the same way.
  ["'s", ['is']],
];
const SPOKEN: Record<string, string[]> = {
  okay: ['ok'],
  gonna: ['going', 'to'],
  wanna: ['want', 'to'],
  gotta: ['got', 'to'],
  cannot: ['can', 'not'],
  alright: ['all', 'right'],
  till: ['until'],
  til: ['until'],
  mr: ['mister'],
  mrs: ['missus'],
  ms: ['miss'],
  dr: ['doctor'],
};

function spellOut(word: string): string[] {
  const whole = CONTRACTIONS[word];
  if (whole) return whole;
  for (const [suffix, tail] of SUFFIXES) {
    if (word.length > suffix.length && word.endsWith(suffix)) {
      const head = word.slice(0, -suffix.length);
      return [...(SPOKEN[head] ?? [head]), ...tail];
    }
  }
  return SPOKEN[word] ?? [word];
}

/** The compared words of `text`, each with the written word it came from. */
export function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  const written = text.split(/\s+/).filter(Boolean);
  for (const [source, raw] of written.entries()) {
    const cleaned = raw
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      // Hyphens and dashes join words in writing and part them in speech.
      .replace(/[-‐‑‒–—]+/g, ' ')
      .replace(/[^\p{L}\p{N}' ]+/gu, '')
      .replace(/(^|\s)'+|'+(?=\s|$)/g, '$1');
    for (const part of cleaned.split(' ').filter(Boolean))
      for (const norm of spellOut(part)) out.push({ norm, source });
  }
  return out;
}

export const normWords = (text: string): string[] => wordsOf(text).map((w) => w.norm);

/** Two words that count as the same: equal, or a small slip in a long word (one letter). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  return editDistanceAtMostOne(a, b);
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** How far along the line the heard words go, matched in order with a few skips allowed. */
export interface Progress {
  /** Expected words matched. */
  matched: number;
  /** Index of the last expected word matched, -1 before any. */
  last: number;
}

/** Expected words a heard word may jump over (words the actor dropped or the recogniser missed). */
const SKIP = 4;

/**
 * Follows the heard words through the expected ones, left to right: each heard word matches the
 * first equal expected word within SKIP words after the last match, else it is an added word.
 * Linear in the words heard; used on every recognition result while the actor speaks.
 */
export function follow(expected: readonly string[], heard: readonly string[]): Progress {
  let last = -1;
  let matched = 0;
  for (const word of heard) {
    const end = Math.min(expected.length, last + 1 + SKIP);
    for (let k = last + 1; k < end; k++) {
      if (sameWord(expected[k]!, word)) {
        last = k;
        matched++;
        break;
      }
    }
  }
  return { matched, last };
}

export type DiffOp =
  | { kind: 'same'; word: string; source: number }
  | { kind: 'missed'; word: string; source: number }
  | { kind: 'added'; word: string }
  | { kind: 'changed'; word: string; said: string; source: number };

/** Past this many cells the alignment is the greedy follow, not the best one. */
const MAX_CELLS = 250_000;

/**
 * The word diff of what was heard against the line: words said right, missed, added, or said
 * differently (a missed word and an added one in the same place). A longest-common-subsequence
 * alignment, bounded to MAX_CELLS; a longer line is aligned greedily.
 */
export function diffWords(expected: readonly Word[], heard: readonly string[]): DiffOp[] {
  const n = expected.length;
  const m = heard.length;
  const pairs = n * m <= MAX_CELLS ? lcsPairs(expected, heard) : greedyPairs(expected, heard);
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  const gap = (iEnd: number, jEnd: number) => {
    // Unmatched expected and heard words between two matches: pair them up as changes.
    while (i < iEnd && j < jEnd) {
      const e = expected[i++]!;
      ops.push({ kind: 'changed', word: e.norm, said: heard[j++]!, source: e.source });
    }
    while (i < iEnd) {
      const e = expected[i++]!;
      ops.push({ kind: 'missed', word: e.norm, source: e.source });
    }
    while (j < jEnd) ops.push({ kind: 'added', word: heard[j++]! });
  };
  for (const [pi, pj] of pairs) {
    gap(pi, pj);
    const e = expected[i++]!;
    ops.push({ kind: 'same', word: e.norm, source: e.source });
    j++;
  }
  gap(n, m);
  return ops;
}

function lcsPairs(expected: readonly Word[], heard: readonly string[]): [number, number][] {
  const n = expected.length;
  const m = heard.length;
  // Suffix lengths, one row of m + 1 per expected word.
  const table = new Uint16Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[at(i, j)] = sameWord(expected[i]!.norm, heard[j]!)
        ? table[at(i + 1, j + 1)]! + 1
        : Math.max(table[at(i + 1, j)]!, table[at(i, j + 1)]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (sameWord(expected[i]!.norm, heard[j]!)) pairs.push([i++, j++]);
    else if (table[at(i + 1, j)]! >= table[at(i, j + 1)]!) i++;
    else j++;
  }
  return pairs;
}

function greedyPairs(expected: readonly Word[], heard: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let last = -1;
  for (const [j, word] of heard.entries()) {
    const end = Math.min(expected.length, last + 1 + SKIP);
    for (let k = last + 1; k < end; k++) {
      if (sameWord(expected[k]!.norm, word)) {
        pairs.push([k, j]);
        last = k;
        break;
      }
    }
  }
  return pairs;
}

/** Share of the line's words said right: 1 for every word, 0 for none (an empty line is 1). */
export function accuracyOf(ops: readonly DiffOp[]): number {
  let expected = 0;
  let same = 0;
  for (const op of ops) {
    if (op.kind === 'added') continue;
    expected++;
    if (op.kind === 'same') same++;
  }
  return expected === 0 ? 1 : same / expected;
}

/** A line's check: its diff against what was heard, and its accuracy. */
export interface LineCheck {
  ops: DiffOp[];
  accuracy: number;
}

export function checkLine(text: string, heard: string): LineCheck {
  const ops = diffWords(wordsOf(text), normWords(heard));
  return { ops, accuracy: accuracyOf(ops) };
}
