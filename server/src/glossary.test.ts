import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['server', 'web', 'common', 'e2e', 'bench', 'scripts', 'docs'];
const SKIP = new Set(['node_modules', 'dist', 'corpus', 'test-results', 'playwright-report']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('dist-')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs|sh|md)$/.test(entry.name)) yield full;
  }
}

describe('docs/glossary.md', () => {
  it('has an entry for every anchor that code, tests and docs cite', () => {
    const glossary = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
    const anchors = new Set([...glossary.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
    const missing: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        for (const [, id] of fs.readFileSync(file, 'utf8').matchAll(/glossary\.md#([\w-]+)/g)) {
          if (!anchors.has(id!)) missing.push(`${path.relative(ROOT, file)}: #${id}`);
        }
      }
    }
    expect(anchors.size).toBeGreaterThan(24);
    expect(missing).toEqual([]);
  });

  it('is what code, tests and docs cite instead of documents outside the repository', () => {
    // Built from parts so that this file does not match itself.
    const outside = new RegExp(
      [
        '[Ss]pec sections? [0-9]',
        'decisions' + '\\.md',
        'shared/' + 'reference',
        'product-' + 'spec',
        '\u00a7',
      ].join('|'),
    );
    const citing: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        const lines = fs.readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          if (outside.test(line)) citing.push(`${path.relative(ROOT, file)}:${i + 1}`);
        });
      }
    }
    expect(citing).toEqual([]);
  });
});
