/**
 * Runs every benchmark in bench/. Each prints its own table of figures as ratios against a
 * baseline measured in the same run, since these machines are noisy. A benchmark that misses its
 * bar exits non-zero; the others still run, and the summary names the misses.
 * Usage: npm run bench [-- name-filter]; BENCH_SMOKE=1 for the short run of the test command,
 * which proves every benchmark still runs and does not hold the bars (bench/smoke.ts).
 *
 * A full run measures one benchmark at a time, so that none slows another's figures. A smoke run's
 * figures prove nothing, so it runs BENCH_SMOKE_JOBS (default 2) at once, each one's output
 * printed whole when it ends: most of a benchmark's time is spent waiting on its servers. Those
 * that listen to audio in real time still run alone, last: beside another, a page can miss the
 * phrase its fake microphone plays.
 */
import { spawn } from 'node:child_process';
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
const jobs = smoke ? Math.max(1, Number(process.env.BENCH_SMOKE_JOBS ?? 2)) : 1;
const started = performance.now();

/** Runs one benchmark; with other jobs beside it, holds its output until it ends. */
function run(f: string): Promise<void> {
  const name = f.replace('.bench.ts', '');
  const alone = jobs === 1;
  if (alone) console.log(`\n### ${name}\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, f)], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b));
  child.stderr?.on('data', (b: Buffer) => output.push(b));
  const t0 = performance.now();
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (!alone) {
        const seconds = ((performance.now() - t0) / 1000).toFixed(0);
        process.stdout.write(`\n### ${name} (${seconds} s)\n\n${Buffer.concat(output).toString()}`);
      }
      if (code !== 0) missed.push(`${name} (exit ${code ?? signal})`);
      resolve();
    });
  });
}

const REAL_TIME = new Set(['rehearsal.bench.ts']);
const queue = files.filter((f) => !REAL_TIME.has(f));
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await run(f);
  }),
);
for (const f of files.filter((f) => REAL_TIME.has(f))) await run(f);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `\n${files.length - missed.length} of ${files.length} benchmarks ` +
    (smoke ? `ran in smoke mode (${seconds} s)` : `met their bars (${seconds} s)`) +
    (missed.length ? `; missed or failed: ${missed.join(', ')}` : ''),
);
process.exitCode = missed.length ? 1 : 0;
