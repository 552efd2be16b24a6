import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { OCR_TOO_SLOW_MESSAGE } from '@doublecast/common/scripts';
import { AppError } from '../../lib/app-error';
import type { WorkerPool } from '../../lib/worker-pool';

/**
 * Reading scanned pages (a PDF page with an image and no text) by OCR: each page is rasterised by
 * pdftoppm (poppler-utils) and read by Tesseract (tesseract-ocr, English), both Debian programs
 * run with file paths as argv, no shell. One page is one job in the server's bounded pool of
 * heavy jobs (the slot is taken per page, so a long scan never holds the cores away from
 * readings for long), under a time limit for the whole scan; the caller hears of each page.
 * Tesseract's word boxes (TSV) are laid out as columns of text, as pdftotext -layout lays out a
 * text page, so the same readers (screenplay page, play with names at the margin, plain scene)
 * read both.
 */

/** Longest side of a rasterised page in pixels: about 200 dpi for A4 or Letter, bounded whatever the page size. */
const RASTER_PIXELS = 2300;
/** A page with fewer letters than this in its text layer is a scan (a stamped page number is not text). */
const MIN_TEXT_LETTERS = 12;
const OUTPUT_LIMIT_BYTES = 8 * 1024 * 1024;
/**
 * The programs' whole environment: Debian's directories, and Tesseract on one thread (the
 * machine's cores are shared by the pool's jobs). None of the server's own settings go with it.
 */
const PROGRAM_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', OMP_THREAD_LIMIT: '1' };

export interface ScanOptions {
  pool: WorkerPool;
  /** When the whole scan must be done (Date.now() milliseconds). */
  deadline: number;
  /** Ends the scan (the client left): the running program is killed. */
  signal?: AbortSignal;
  /** After each page: how many are read, of how many. */
  onPage?: (done: number, total: number) => void;
}

/** pdftotext's UTF-8 text split at its form feeds, one piece a page, without the last feed's empty tail. */
function splitPages(text: Buffer): Buffer[] {
  const pages: Buffer[] = [];
  let start = 0;
  for (let end = text.indexOf(0x0c); end !== -1; end = text.indexOf(0x0c, start)) {
    pages.push(text.subarray(start, end));
    start = end + 1;
  }
  const tail = text.subarray(start);
  // pdftotext ends the last page with a form feed too: nothing but blanks follows it.
  if (pages.length === 0 || tail.some((c) => c > 0x20)) pages.push(tail);
  return pages;
}

/** Bytes of text looked at in one turn of the event loop while pages are checked for letters. */
const BYTES_PER_TURN = 256 * 1024;

/**
 * The pages (1 is the first) of pdftotext's UTF-8 text with no text on them: each page ends
 * with a form feed; a page with only a few letters (a page number) counts as having none. Read
 * on the bytes, which stay undecoded until the reading job; a page of text stops being looked
 * at after its first letters, and a hostile one of blanks lets other requests go every 256 KB.
 */
export async function pagesWithoutText(text: Buffer): Promise<number[]> {
  const out: number[] = [];
  let budget = BYTES_PER_TURN;
  const pages = splitPages(text);
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    let letters = 0;
    for (let k = 0; k < page.length && letters < MIN_TEXT_LETTERS;) {
      const end = Math.min(page.length, k + budget);
      const [seen, at] = countLetters(page, k, end, MIN_TEXT_LETTERS - letters);
      letters += seen;
      budget -= at - k;
      k = at;
      if (budget === 0) {
        budget = BYTES_PER_TURN;
        await setImmediate();
      }
    }
    if (letters < MIN_TEXT_LETTERS) out.push(i + 1);
  }
  return out;
}

/** Letters in bytes [from, to) of a page, counting up to `need`: how many, and where it stopped. */
function countLetters(page: Buffer, from: number, to: number, need: number): [number, number] {
  let letters = 0;
  let k = from;
  while (k < to && letters < need) {
    const c = page[k++]!;
    // ASCII letters, and the first byte of any other character (UTF-8 lead bytes).
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc2) letters++;
  }
  return [letters, k];
}

/** Reads each of the given pages by OCR, in order, and returns their text by page. */
export async function readScannedPages(
  pdf: Buffer,
  pages: number[],
  options: ScanOptions,
): Promise<Map<number, string>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-ocr-'));
  const input = path.join(dir, 'in.pdf');
  const image = path.join(dir, 'page');
  const out = new Map<number, string>();
  try {
    await fs.writeFile(input, pdf, { mode: 0o600 });
    for (const page of pages) {
      const release = await options.pool.acquire(options.signal);
      try {
        await run(
          'pdftoppm',
          ['-gray', '-png', '-singlefile', '-scale-to', String(RASTER_PIXELS)].concat([
            '-f',
            String(page),
            '-l',
            String(page),
            input,
            image,
          ]),
          options,
        );
        const tsv = await run(
          'tesseract',
          [`${image}.png`, 'stdout', '--psm', '4', 'tsv'],
          options,
        );
        out.set(page, layoutFromTsv(tsv));
      } finally {
        release();
      }
      options.onPage?.(out.size, pages.length);
    }
    return out;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs a program to its end within the scan's time; its output, or a refusal. */
function run(file: string, args: string[], options: ScanOptions): Promise<string> {
  const left = options.deadline - Date.now();
  if (left <= 0) return Promise.reject(new AppError('invalid-argument', OCR_TOO_SLOW_MESSAGE));
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: left,
        maxBuffer: OUTPUT_LIMIT_BYTES,
        signal: options.signal,
        env: PROGRAM_ENV,
      },
      (err, stdout) => {
        if (!err) return resolve(stdout);
        if (options.signal?.aborted) return reject(new AppError('aborted', 'Import cancelled'));
        if (err.killed || Date.now() >= options.deadline)
          return reject(new AppError('invalid-argument', OCR_TOO_SLOW_MESSAGE));
        reject(new AppError('invalid-argument', 'We could not read this scanned page.'));
      },
    );
  });
}

interface Word {
  left: number;
  top: number;
  height: number;
  width: number;
  text: string;
}

/**
 * A word set in small capitals comes back with its first and last letters as capitals and the
 * rest in lower case ("AcT", "FirsT"): it was all capitals.
 */
function smallCapitals(word: string): string {
  return /^[A-Z][a-z]+[A-Z][^A-Za-z]*$/.test(word) ? word.toUpperCase() : word;
}

/**
 * Tesseract's TSV (one row per word with its box) as lines of text laid out in columns: a word
 * starts at the column its left edge is at, counting in the page's median letter width; words
 * on one level of the page are one line, in order down the page; a gap of more than one and a
 * half lines is a blank line. Linear in the words but for the sort of the page's lines.
 */
export function layoutFromTsv(tsv: string): string {
  const lines = new Map<string, Word[]>();
  const widths: number[] = [];
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = smallCapitals(f.slice(11).join(' ').trim());
    const conf = Number(f[10]);
    if (!text || !(conf >= 20)) continue;
    const word: Word = {
      left: Number(f[6]),
      top: Number(f[7]),
      width: Number(f[8]),
      height: Number(f[9]),
      text,
    };
    const key = `${f[2]}.${f[3]}.${f[4]}`;
    const line = lines.get(key);
    if (line) line.push(word);
    else lines.set(key, [word]);
    if (text.length >= 3) widths.push(word.width / text.length);
  }
  if (lines.size === 0) return '';
  const letter = Math.max(1, median(widths) || 10);
  // Lines of the page by their top, joined when they sit at the same height (a name in a
  // margin column read as a block of its own beside its speech).
  const rows = [...lines.values()]
    .map((words) => ({
      top: Math.min(...words.map((w) => w.top)),
      height: median(words.map((w) => w.height)),
      words,
    }))
    .sort((a, b) => a.top - b.top);
  const merged: { top: number; height: number; words: Word[] }[] = [];
  for (const row of rows) {
    const last = merged[merged.length - 1];
    if (last && row.top - last.top < Math.min(last.height, row.height) * 0.6)
      last.words.push(...row.words);
    else merged.push({ ...row, words: [...row.words] });
  }
  const pitch = median(merged.slice(1).map((r, i) => r.top - merged[i]!.top)) || 1;
  // Columns count from the page's leftmost word, as pdftotext counts them.
  let margin = Infinity;
  for (const row of merged) for (const w of row.words) margin = Math.min(margin, w.left);
  const out: string[] = [];
  merged.forEach((row, i) => {
    if (i > 0) {
      const gap = (row.top - merged[i - 1]!.top) / pitch;
      if (gap > 1.5) out.push('');
      if (gap > 2.5) out.push('');
    }
    let text = '';
    let right = -Infinity;
    for (const w of row.words.sort((a, b) => a.left - b.left)) {
      // Words a space apart are written a space apart; a wider gap (a column) keeps its place.
      const column = Math.round((w.left - margin) / letter);
      const apart = w.left - right < letter * 2.5 ? 1 : column - text.length;
      text += ' '.repeat(Math.max(text ? 1 : 0, apart, text ? 0 : column)) + w.text;
      right = w.left + w.width;
    }
    out.push(text);
  });
  return `${out.join('\n')}\n`;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
