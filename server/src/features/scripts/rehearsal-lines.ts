import { createHash } from 'node:crypto';
import { readDirections } from '@doublecast/common/direction';
import { rehearsalLines } from '@doublecast/common/rehearsal';
import type { ScriptAnalysis, ScriptLine } from '@doublecast/common/scripts';

/** Rows in one page of prepared lines: what one INSERT writes and one plan step reads. */
export const LINE_PAGE_SIZE = 250;

/** One prepared row: line id, speaker, spoken text, its length, its hash, its directions. */
export type LineRow = [
  lineId: string,
  speaker: string,
  text: string,
  characters: number,
  hash: string,
  /** What its parentheticals direct, '+'-joined; '' for none (decision 320). */
  directions: string,
];

/**
 * A split's spoken lines as script_lines takes them (decision 261), made with the reading (in
 * its worker for a large script): pages of rows as JSON, UTF-8 encoded in one buffer, so the
 * worker hands them over without a copy and each page is decoded just before it is written.
 */
export interface PreparedLines {
  /**
   * 1: the spoken lines say only words the text holds, each no more often, and no two share an
   * id (decision 104); 0: they do not, and nothing is prepared.
   */
  ready: 0 | 1;
  /** Every page's JSON, one after the other. */
  bytes: Uint8Array<ArrayBuffer>;
  /** Where each page ends in `bytes`. */
  pageEnds: number[];
  /** Characters the rows keep, for the quota (decision 262). */
  size: number;
}

/** The rows of page `index`. */
export function linePage(lines: PreparedLines, index: number): LineRow[] {
  const from = index === 0 ? 0 : lines.pageEnds[index - 1]!;
  return JSON.parse(
    new TextDecoder().decode(lines.bytes.subarray(from, lines.pageEnds[index])),
  ) as LineRow[];
}

const NOTHING: PreparedLines = { ready: 0, bytes: new Uint8Array(0), pageEnds: [], size: 0 };

/** How a paid line is recognised: sha256 of its spoken text (trimmed), 128 bits, base64url. */
export function lineTextHash(text: string): string {
  return createHash('sha256').update(text.trim()).digest('base64url').slice(0, 22);
}

/**
 * The directions a line's parentheticals name, as stored with it. A written beat or pause is
 * left out: the run already plays it as silence where it falls (the speech's `beats`).
 */
export function lineDirections(parenthetical: string | null): string {
  if (!parenthetical) return '';
  return readDirections(parenthetical)
    .directions.filter((d) => d !== 'beat' && d !== 'pause')
    .join('+');
}

/** What a line costs: its spoken text, trimmed. */
export const lineCharacters = (text: string) => text.trim().length;

export function prepareRehearsalLines(content: string, analysis: ScriptAnalysis): PreparedLines {
  const lines = rehearsalLines(analysis.lines);
  const ids = new Set<string>();
  for (const line of lines) ids.add(line.id);
  if (ids.size !== lines.length || !spokenWordsFit(content, lines))
    return { ...NOTHING, bytes: new Uint8Array(0) };
  const pages: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i += LINE_PAGE_SIZE) {
    const rows = lines.slice(i, i + LINE_PAGE_SIZE).map((l): LineRow => {
      const hash = lineTextHash(l.text);
      const directions = lineDirections(l.direction);
      size += l.id.length + l.character!.length + l.text.length + hash.length + directions.length;
      return [l.id, l.character!, l.text, lineCharacters(l.text), hash, directions];
    });
    pages.push(JSON.stringify(rows));
  }
  const encoder = new TextEncoder();
  const encoded = pages.map((page) => encoder.encode(page));
  const bytes = new Uint8Array(encoded.reduce((sum, page) => sum + page.length, 0));
  const pageEnds: number[] = [];
  let at = 0;
  for (const page of encoded) {
    bytes.set(page, at);
    at += page.length;
    pageEnds.push(at);
  }
  return { ready: 1, bytes, pageEnds, size };
}

/**
 * The spoken lines say only words the text holds, each no more often than the text does
 * (decision 104): a parser may drop cues, directions and markup, or reorder dual dialogue, but
 * never adds words, so a split that invents lines or repeats real ones fails. One pass over each.
 */
export function spokenWordsFit(content: string, lines: readonly ScriptLine[]): boolean {
  const left = new Map<string, number>();
  for (const word of wordsOf(content)) left.set(word, (left.get(word) ?? 0) + 1);
  for (const line of lines) {
    for (const word of wordsOf(line.text)) {
      const n = left.get(word) ?? 0;
      if (n === 0) return false;
      left.set(word, n - 1);
    }
  }
  return true;
}

const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
