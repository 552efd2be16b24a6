import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  IMPORT_UNREADABLE_MESSAGE,
  MAX_PDF_PAGES,
  PDF_TEXT_TOO_LARGE_MESSAGE,
  pdfTooManyPagesMessage,
} from '@doublecast/common/scripts';
import { AppError } from '../../lib/app-error';

const TIMEOUT_MS = 15_000;
/**
 * The most text read from pdftotext: a script keeps at most 2,000,000 characters, and the page
 * layout pads cues and speeches with spaces, so four bytes of layout per character kept.
 */
export const pdfTextTuning = { maxBytes: 8 * 1024 * 1024 };

/**
 * Text of a PDF with its page layout kept (cues stay indented), from Debian's poppler-utils, as
 * UTF-8 bytes (decoded by the reading, off the event loop). Bounded (decision 264): pdfinfo
 * counts the pages first and a PDF of more than MAX_PDF_PAGES is refused with the count;
 * pdftotext reads at most that many pages, its output is read as it comes and it is stopped
 * past pdfTextTuning.maxBytes. The file goes through a private temporary folder; the tools get only
 * file paths as argv (no shell) and a time limit, and the folder is removed whatever happens.
 * Run it inside the import queue.
 */
export async function extractPdfText(pdf: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-pdf-'));
  const input = path.join(dir, 'in.pdf');
  try {
    await fs.writeFile(input, pdf, { mode: 0o600 });
    const pages = await countPages(input);
    if (pages > MAX_PDF_PAGES)
      throw new AppError('invalid-argument', pdfTooManyPagesMessage(pages));
    return await layoutText(input);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('invalid-argument', IMPORT_UNREADABLE_MESSAGE);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function countPages(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('pdfinfo', [file], { timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 }, (err, stdout) => {
      const pages = /^Pages:\s+(\d+)\s*$/m.exec(stdout)?.[1];
      if (err || pages === undefined) reject(err ?? new Error('no page count'));
      else resolve(Number(pages));
    });
  });
}

function layoutText(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-q', '-l', String(MAX_PDF_PAGES), file, '-'],
      { stdio: ['ignore', 'pipe', 'ignore'], timeout: TIMEOUT_MS },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > pdfTextTuning.maxBytes) {
        tooLarge = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (tooLarge) reject(new AppError('invalid-argument', PDF_TEXT_TOO_LARGE_MESSAGE));
      else if (code !== 0) reject(new Error(`pdftotext exited with ${code}`));
      else resolve(Buffer.concat(chunks, size));
    });
  });
}
