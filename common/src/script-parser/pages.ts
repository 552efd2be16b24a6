/**
 * Page furniture of text copied from printed pages (PDF text, court and TV transcripts): the
 * page breaks (form feeds), running headers and footers, page numbers and the line numbers some
 * transcripts print in the margin. All of it is found in linear passes over the lines.
 */

/** Splits on form feeds; each page is its list of lines. */
export function pagesOf(text: string): string[][] {
  return text.split('\f').map((page) => page.split('\n'));
}

/** A line that is only a page number: "12", "12.", "- 12 -", "Page 12". */
export function isPageNumber(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length <= 12 && /^(?:page\s+)?-?\s*\d{1,4}[.)]?\s*-?$/i.test(t);
}

/**
 * Lines that repeat at the top or bottom of most pages ("Alderson Reporting Company",
 * "Official - Subject to Final Review", a script's title in the header). Only the first and last
 * three text lines of each page are candidates, and a line must repeat on at least 3 pages and
 * on half of them.
 */
export function runningLines(pages: string[][]): Set<string> {
  if (pages.length < 3) return new Set();
  const seen = new Map<string, number>();
  for (const page of pages) {
    if (page.length === 1 && !page[0]!.trim()) continue;
    const texts = page.map((l) => l.trim()).filter((l) => l && l.length <= 80);
    const edge = new Set([...texts.slice(0, 3), ...texts.slice(-3)]);
    for (const t of edge) seen.set(t, (seen.get(t) ?? 0) + 1);
  }
  const min = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...seen].filter(([, n]) => n >= min).map(([t]) => t));
}

const LINE_NUMBER = /^\s{0,12}(\d{1,2})(?:\s+|$)/;

/** True when most text lines start with a margin line number of 1 to 28 (court transcripts). */
export function hasLineNumbers(lines: string[]): boolean {
  let text = 0;
  let numbered = 0;
  for (const line of lines) {
    if (text >= 5000) break; // a sample is enough
    if (!line.trim()) continue;
    text++;
    const m = LINE_NUMBER.exec(line);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= 28) numbered++;
  }
  return text >= 10 && numbered / text >= 0.6;
}

export function stripLineNumber(line: string): string {
  const m = LINE_NUMBER.exec(line);
  return m && Number(m[1]) <= 28 ? line.slice(m[0].length) : line;
}

/**
 * True when the text is double spaced: most text lines are followed by exactly one blank line and
 * then more text (transcripts printed with a blank line between all lines).
 */
export function isDoubleSpaced(lines: string[]): boolean {
  let text = 0;
  let single = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    text++;
    if (lines[i + 1]?.trim() === '' && (lines[i + 2]?.trim() ?? '') !== '') single++;
  }
  return text >= 10 && single / text >= 0.6;
}

/**
 * The text's lines without page furniture: running headers and footers and page numbers go,
 * margin line numbers are cut when the text has them, and the pages are joined without the
 * blank lines around their edges (a speech may run on to the next page).
 */
export function withoutFurniture(text: string): string[] {
  const pages = pagesOf(text).filter((page) => page.length > 1 || page[0]!.trim() !== '');
  const running = runningLines(pages);
  const all = pages.flat();
  const numbered = hasLineNumbers(all);
  const kept = pages.map((page) => {
    const lines = page
      .map((raw) => (numbered ? stripLineNumber(raw) : raw))
      .filter((line) => !running.has(line.trim()) && !isPageNumber(line));
    let from = 0;
    let to = lines.length;
    while (from < to && !lines[from]!.trim()) from++;
    while (to > from && !lines[to - 1]!.trim()) to--;
    return lines.slice(from, to);
  });
  const joint = isDoubleSpaced(all) ? [''] : [];
  // A loop, not push(...page): a page may hold more lines than a call takes arguments.
  const out: string[] = [];
  kept.forEach((page, i) => {
    if (i > 0 && page.length && joint.length) out.push('');
    for (const line of page) out.push(line);
  });
  return out;
}

/**
 * Project Gutenberg's licence header and footer around the work ("*** START OF THE PROJECT
 * GUTENBERG EBOOK ... ***", "*** END OF ...", "End of the Project Gutenberg EBook of ...", and
 * the older "*END*THE SMALL PRINT!"). Null when the text has no such header. They are read as
 * action, never searched for speakers. Each pattern is anchored at a line start and runs to its
 * end only.
 */
const EDITION_START =
  /^(?:\*{3} ?START OF (?:THE|THIS) PROJECT GUTENBERG\b|\*END\*THE SMALL PRINT!)[^\n]*$/im;
const EDITION_END =
  /^(?:\*{3} ?END OF (?:THE|THIS) PROJECT GUTENBERG\b|End of (?:the )?Project Gutenberg)[^\n]*$/im;

export function editionParts(text: string): { head: string; body: string; tail: string } | null {
  const start = EDITION_START.exec(text);
  if (!start) return null;
  const from = start.index + start[0].length;
  const end = EDITION_END.exec(text.slice(from));
  const to = end ? from + end.index : text.length;
  return { head: text.slice(0, from), body: text.slice(from, to), tail: text.slice(to) };
}
