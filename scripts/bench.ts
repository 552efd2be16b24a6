/**
 * Runs every benchmark in bench/ in turn. Each prints its own table of figures as ratios against
 * a baseline measured in the same run, since these machines are noisy.
 * Usage: npm run bench [-- name-filter]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'bench');
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
for (const f of files) {
  console.log(`\n### ${f.replace('.bench.ts', '')}\n`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit' });
}
