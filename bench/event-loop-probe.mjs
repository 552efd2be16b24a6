/**
 * Preloaded into the server under test with `node --import` (the product is unchanged): keeps a
 * monitorEventLoopDelay histogram and, on SIGUSR2, writes its figures (ms) to the file named by
 * EVENT_LOOP_PROBE_FILE and starts a new histogram. The first signal marks the start of a phase,
 * the next one reads it. Figures include the 1 ms sampling interval (an idle loop reads ~1 ms).
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    fs.writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        count: histogram.count,
      }),
    );
    histogram.reset();
  });
}
