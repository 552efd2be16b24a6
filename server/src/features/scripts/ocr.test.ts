import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OCR_PAGES,
  OCR_TOO_MANY_PAGES_MESSAGE,
  OCR_TOO_SLOW_MESSAGE,
  importStreamLineSchema,
  scriptImportResultSchema,
  type ImportProgress,
  type ImportStreamLine,
} from '@doublecast/common/scripts';
import {
  byLayout,
  formatTable,
  scoreFile,
  speechesByCharacter,
} from '@doublecast/common/script-parser/corpus-score';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { imagePdf, jpegPages, scanOf } from '../../test/image-pdf';
import { readAll } from '../../test/fake-voice-engine';
import { textPdf } from '../../test/text-pdf';
import { createWorkerPool } from '../../lib/worker-pool';
import { layoutFromTsv, pagesWithoutText, readScannedPages } from './pdf-ocr';
import { withPageTexts } from './script-reading';
import { IMPORT_RUNNING_MESSAGE, importQueue } from './import-queue';
import { importScript } from './scripts.service';

const real = path.resolve(import.meta.dirname, '../../../../common/src/script-parser/corpus/real');
const SCANNED = 'pdf-scanned/macbeth-act-1-scenes-1-3.pdf';
const truth = JSON.parse(fs.readFileSync(path.join(real, 'truth.json'), 'utf8')) as {
  files: Record<string, { layout: string; speeches: Record<string, number> }>;
};

/** A blank page as a JPEG, for scans whose pages are counted, not read. */
const blankJpeg = () => jpegPages(textPdf([['']]))[0]!;

/** The lines of a streamed import answer. */
function streamLines(body: string): ImportStreamLine[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((l) => importStreamLineSchema.parse(JSON.parse(l)));
}

describe('scanned PDFs read by OCR', () => {
  let t: TestApp;
  let scan: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    // The scan actors get: the typeset PDF rasterised and wrapped as images, no text left.
    scan = scanOf(fs.readFileSync(path.join(real, SCANNED)));
  });
  afterAll(async () => {
    await t.close();
  });

  it('imports a scan page by page, says how far it is, which pages were read, and reads it right', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts/import',
      headers: { accept: 'application/x-ndjson' },
      payload: { fileName: 'macbeth-sides.pdf', data: scan.toString('base64') },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = streamLines(res.body);
    const progress = lines.flatMap((l) => (l.type === 'progress' ? [l.progress] : []));
    expect(progress).toEqual(
      Array.from({ length: 12 }, (_, done) => ({ stage: 'ocr', done, total: 11 })),
    );
    const last = lines.at(-1)!;
    if (last.type !== 'result') throw new Error(JSON.stringify(last));
    const script = scriptImportResultSchema.parse(last.script);
    expect(script.summary.ocrPages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(script.analysis?.format).toBe('pdf');

    // Scored like the corpus (corpus-score.test.ts): speaking characters and speech counts.
    const expected = truth.files[SCANNED]!;
    const score = scoreFile(
      SCANNED,
      expected.layout,
      expected.speeches,
      speechesByCharacter(script.analysis!),
    );
    const [layout] = byLayout([score]);
    console.log(`\n${formatTable([layout!])}\n${score.misses.join(', ')}`);
    expect(layout!.f1).toBeGreaterThanOrEqual(0.97);
    expect(layout!.exactShare).toBeGreaterThanOrEqual(0.9);

    // Stored like any PDF import: it reads back the same from the list and by id.
    const again = await t.request({
      method: 'GET',
      url: `/api/scripts/${script.id}`,
      cookie: user.cookie,
    });
    expect(again.json().characters).toEqual(script.characters);
  }, 240_000);

  it('answers with JSON when the client does not ask for progress', async () => {
    const user = await createUser(t);
    const onePage = scanOf(fs.readFileSync(path.join(real, SCANNED)), { first: 1, last: 1 });
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts/import',
      payload: { fileName: 'scene-1.pdf', data: onePage.toString('base64') },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(201);
    const script = scriptImportResultSchema.parse(res.json());
    expect(script.summary.ocrPages).toEqual([1]);
    expect(script.characters.map((c) => c.name)).toContain('FIRST WITCH');
  }, 120_000);

  it(`refuses more than ${MAX_OCR_PAGES} scanned pages at once, before reading any`, async () => {
    const user = await createUser(t);
    const blank = blankJpeg();
    const pdf = imagePdf(Array.from({ length: MAX_OCR_PAGES + 1 }, () => blank));
    const started = Date.now();
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts/import',
      headers: { accept: 'application/x-ndjson' },
      payload: { fileName: 'long.pdf', data: pdf.toString('base64') },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(OCR_TOO_MANY_PAGES_MESSAGE);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('reads one import per user at a time, a scan in the import queue, and a scan stopped half way frees the pool', async () => {
    const user = await createUser(t);
    const twoPages = scanOf(fs.readFileSync(path.join(real, SCANNED)), { first: 1, last: 2 });
    const data = twoPages.toString('base64');
    const stop = new AbortController();
    let second: Promise<unknown> | null = null;
    let queueWhileScanning: { running: number; queued: number } | null = null;
    const first = importScript(t.ctx, {
      userId: user.id,
      fileName: 'a.pdf',
      data,
      signal: stop.signal,
      onProgress: (p: ImportProgress) => {
        queueWhileScanning ??= importQueue.stats();
        // While the first scan is being read, the same user's second one is refused...
        if (p.done === 0)
          second = importScript(t.ctx, { userId: user.id, fileName: 'b.pdf', data }).catch(
            (e: unknown) => e,
          );
        // ...and the first one stops after its first page (the client left).
        if (p.done === 1) stop.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    expect(await second).toMatchObject({
      code: 'resource-exhausted',
      message: IMPORT_RUNNING_MESSAGE,
    });
    // The scan is the import's extraction, in the bounded queue (one at a time).
    expect(queueWhileScanning).toEqual({ running: 1, queued: 0 });
    expect(importQueue.stats()).toEqual({ running: 0, queued: 0 });
    expect(t.ctx.workerPool.stats()).toMatchObject({ running: 0, queued: 0 });
    // The user may scan again once the first is over.
    const again = await importScript(t.ctx, { userId: user.id, fileName: 'c.pdf', data });
    expect(JSON.parse((await readAll(again)).toString()).summary.ocrPages).toEqual([1, 2]);
  }, 240_000);
});

describe('reading scanned pages', () => {
  it('refuses a scan that runs past its time, and leaves no files behind', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('dc-ocr-')).length;
    await expect(
      readScannedPages(imagePdf([blankJpeg()]), [1], {
        pool: createWorkerPool({ concurrency: 1, maxQueue: 1 }),
        deadline: Date.now() + 1,
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: OCR_TOO_SLOW_MESSAGE });
    const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('dc-ocr-')).length;
    expect(after).toBe(before);
  });

  it('finds the pages of pdftotext text that have no text, and puts read pages in their place', async () => {
    const text = Buffer.from('ANNA\nHello there, Bén.\f  12  \f\fBEN\nHi, Anna, how are you?\f');
    expect(await pagesWithoutText(text)).toEqual([2, 3]);
    expect(await pagesWithoutText(Buffer.from('ÉÉÉÉÉÉÉÉÉÉÉÉ\f'))).toEqual([]);
    expect(withPageTexts(text.toString(), [{ page: 2, text: 'CAL\nYes.\n' }])).toBe(
      'ANNA\nHello there, Bén.\fCAL\nYes.\n\f\fBEN\nHi, Anna, how are you?\f',
    );
  });

  it('checks 8 MB of pages of blanks in many turns of the event loop, never in one', async () => {
    const page = Buffer.concat([Buffer.alloc(16 * 1024, 0x20), Buffer.from([0x0c])]);
    const hostile = Buffer.concat(Array.from({ length: 500 }, () => page));
    let done = false;
    let turns = 0;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const pages = await pagesWithoutText(hostile);
    done = true;
    expect(pages).toHaveLength(500);
    // 8 MB at 256 KB a turn: other requests go about 32 times while it runs.
    expect(turns).toBeGreaterThanOrEqual(30);
  });

  it('lays out Tesseract word boxes as columns, a name in the margin beside its speech', () => {
    const row = (block: number, line: number, left: number, top: number, text: string) =>
      `5\t1\t${block}\t1\t${line}\t1\t${left}\t${top}\t${text.length * 20}\t30\t95\t${text}`;
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      row(1, 1, 400, 100, 'AcT'),
      row(1, 1, 480, 100, 'ONE,'),
      row(1, 1, 580, 100, 'ScenE.'),
      row(2, 1, 100, 200, 'MAYA'),
      row(3, 1, 400, 202, 'Where'),
      row(3, 1, 520, 201, 'now?'),
      row(3, 2, 400, 240, 'Go'),
      row(2, 2, 100, 280, 'BEN'),
      row(3, 3, 400, 281, 'There.'),
      `5\t1\t3\t1\t4\t1\t400\t320\t40\t30\t5\t~~`,
    ].join('\n');
    expect(layoutFromTsv(tsv)).toBe(
      [
        '               ACT ONE, SCENE.',
        '',
        'MAYA           Where now?',
        '               Go',
        'BEN            There.',
        '',
      ].join('\n'),
    );
  });
});
