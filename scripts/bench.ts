/**
 * Runs every benchmark in bench/ in turn. Each prints its own table of figures as ratios against
 * a baseline measured in the same run, since these machines are noisy. A benchmark that misses
 * its bar exits non-zero; the others still run, and the summary names the misses.
 * Usage: npm run bench [-- name-filter]; BENCH_SMOKE=1 for the short run of the test command,
 * which proves every benchmark still runs and does not hold the bars (bench/smoke.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'bench');
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
const missed: string[] = [];
const smoke = process.env.BENCH_SMOKE === '1';
const started = performance.now();
for (const f of files) {
  const name = f.replace('.bench.ts', '');
  console.log(`\n### ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) missed.push(`${name} (exit ${run.status ?? run.signal})`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `\n${files.length - missed.length} of ${files.length} benchmarks ` +
    (smoke ? `ran in smoke mode (${seconds} s)` : `met their bars (${seconds} s)`) +
    (missed.length ? `; missed or failed: ${missed.join(', ')}` : ''),
);
process.exitCode = missed.length ? 1 : 0;
