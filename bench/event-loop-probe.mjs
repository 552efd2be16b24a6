/**
 * Preloaded into the server under test with `node --import` (the product is unchanged): keeps a
 * monitorEventLoopDelay histogram and, on SIGUSR2, writes its figures (ms) to the file named by
 * EVENT_LOOP_PROBE_FILE and starts a new histogram. The first signal marks the start of a phase,
 * the next one reads it. Figures include the 1 ms sampling interval (an idle loop reads ~1 ms).
 * `cpuBlockMax` and `cpuBlockP99` are the main thread's own CPU time between two ticks of a
 * 2 ms timer (process.threadCpuUsage): how long the server held its loop, without the time it
 * waited for a core, which a shared machine adds to every wall-clock figure.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let blocks = [];
  let last = process.threadCpuUsage();
  setInterval(() => {
    const now = process.threadCpuUsage();
    blocks.push((now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, 2).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const sorted = blocks.sort((a, b) => a - b);
    // Written whole under another name, then renamed: the bench reads the file once it exists.
    fs.writeFileSync(
      `${file}.part`,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        count: histogram.count,
        cpuBlockP99: sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0,
        cpuBlockMax: sorted.at(-1) ?? 0,
      }),
    );
    fs.renameSync(`${file}.part`, file);
    histogram.reset();
    blocks = [];
  });
}
