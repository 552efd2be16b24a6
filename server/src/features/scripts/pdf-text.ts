import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_UNREADABLE_MESSAGE } from '@doublecast/common/scripts';
import { AppError } from '../../lib/app-error';

const TIMEOUT_MS = 15_000;

/**
 * Text of a PDF with its page layout kept (cues stay indented), from Debian's poppler-utils.
 * The file goes through a private temporary folder; pdftotext gets only file paths as argv
 * (no shell), a time limit, and the folder is removed whatever happens.
 */
export async function extractPdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-pdf-'));
  const input = path.join(dir, 'in.pdf');
  const output = path.join(dir, 'out.txt');
  try {
    await fs.writeFile(input, pdf, { mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      execFile(
        'pdftotext',
        ['-layout', '-enc', 'UTF-8', '-q', input, output],
        { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 },
        (err) => (err ? reject(err) : resolve()),
      );
    });
    return await fs.readFile(output, 'utf8');
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('invalid-argument', IMPORT_UNREADABLE_MESSAGE);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
