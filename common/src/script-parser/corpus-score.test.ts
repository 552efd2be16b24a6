/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptAnalysisSchema, type ScriptAnalysis } from '../scripts';
import { byLayout, formatTable, scoreFile, speechesByCharacter, spokenWords } from './corpus-score';
import { parseFdx } from './parse-fdx';
import { analysisToFountain, parseScript } from './parse-script';
import { readScript } from './read-script';

/**
 * Scores the parser on real public scripts (corpus/real, sources in SOURCES.md) against a truth
 * made apart from it (truth.json). Every layout must find the speaking characters with F1 >= 0.97
 * and the exact number of speeches for at least 90% of them.
 */
const root = path.join(import.meta.dirname, 'corpus', 'real');
const truth = JSON.parse(fs.readFileSync(path.join(root, 'truth.json'), 'utf8')) as {
  files: Record<string, { layout: string; speeches: Record<string, number>; words?: number }>;
};

/** What the server does with each kind of file (scripts.service importScript). */
function parseAsImported(file: string, text: string): ScriptAnalysis {
  if (file.endsWith('.fdx')) return parseFdx(text);
  if (file.endsWith('.pdf.txt')) return readScript(text, 'pdf').analysis;
  return parseScript(text);
}

// A scanned PDF has no text to keep here: the OCR test reads it and scores it against this truth
// (server/src/features/scripts/ocr.test.ts).
const scored = Object.entries(truth.files).filter(([file]) => !file.endsWith('.pdf'));

const scores = scored.map(([file, t]) => {
  const analysis = parseAsImported(file, fs.readFileSync(path.join(root, file), 'utf8'));
  return scoreFile(file, t.layout, t.speeches, speechesByCharacter(analysis), {
    truth: t.words ?? null,
    found: spokenWords(analysis),
  });
});
const layouts = byLayout(scores);

describe('parser scored on the real-script corpus', () => {
  it('has at least 27 files in ten layouts, and a scanned PDF for the OCR test', () => {
    expect(scores.length).toBeGreaterThanOrEqual(27);
    expect(layouts.map((l) => l.layout).sort()).toEqual(
      [
        'colon',
        'fdx',
        'fountain',
        'pdf',
        'pdf-browser',
        'pdf-play',
        'play-folger',
        'play-gutenberg',
        'play-inline',
        'play-own-line',
      ].sort(),
    );
    expect(Object.keys(truth.files).filter((f) => f.endsWith('.pdf'))).toEqual([
      'pdf-scanned/macbeth-act-1-scenes-1-3.pdf',
    ]);
  });

  it('prints the table', () => {
    console.log(`\n${formatTable(layouts)}\n`);
    for (const s of scores)
      if (s.misses.length) console.log(`${s.file}: ${s.misses.slice(0, 12).join(', ')}`);
  });

  it.each(layouts.map((l) => [l.layout, l] as const))(
    '%s: speaking characters F1 >= 0.97, speeches exact for >= 90% of characters',
    (_name, layout) => {
      expect(layout.f1).toBeGreaterThanOrEqual(0.97);
      expect(layout.exactShare).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.each(layouts.filter((l) => l.wordRatio !== null).map((l) => [l.layout, l] as const))(
    '%s: the spoken words found are within 2% of those of the Final Draft file',
    (_name, layout) => {
      expect(layout.wordRatio).toBeGreaterThanOrEqual(0.98);
      expect(layout.wordRatio).toBeLessThanOrEqual(1.02);
    },
  );
});

describe('every reading is a split the server stores', () => {
  it.each(scored.map(([file]) => file))('%s', (file) => {
    const analysis = parseAsImported(file, fs.readFileSync(path.join(root, file), 'utf8'));
    expect(scriptAnalysisSchema.safeParse(analysis).error?.issues ?? []).toEqual([]);
  });
});

describe('imported Final Draft and PDF scripts are stored as text that reads back the same', () => {
  const stored = scored.map(([f]) => f).filter((f) => f.endsWith('.fdx') || f.endsWith('.pdf.txt'));

  it.each(stored)('%s', (file) => {
    const analysis = parseAsImported(file, fs.readFileSync(path.join(root, file), 'utf8'));
    const again = parseScript(analysisToFountain(analysis));
    expect(again.lines).toEqual(analysis.lines);
  });
});
