import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUTS } from './hostile';
import { MAX_LINES } from './lines';
import { FdxError, parseFdx } from './parse-fdx';
import { parseScript } from './parse-script';

/**
 * Every reader is linear: a 2 MB hostile input costs about ten times a 200 KB one (a quadratic
 * reader would cost a hundred times). Measured as CPU time of this process, which the machine's
 * other load does not inflate the way it inflates wall time; the absolute figures (each 2 MB
 * input in well under 1 s of CPU, and the event loop while a worker parses) are in
 * bench/script-parsing.bench.ts.
 */
function parse(kind: 'text' | 'fdx' | 'pdf', text: string): number {
  try {
    if (kind === 'fdx') return parseFdx(text).lines.length;
    return parseScript(text, kind === 'pdf' ? 'layout' : 'auto').lines.length;
  } catch (e) {
    if (e instanceof FdxError) return 0;
    throw e;
  }
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('hostile input', () => {
  it.each(HOSTILE_INPUTS.map((h) => [h.name, h] as const))(
    '%s: 2 MB costs about ten times 200 KB, and the reading is bounded',
    (_name, h) => {
      const small = h.make(200_000);
      const large = h.make(2_000_000);
      parse(h.kind, small); // warm up the code paths
      const smallMs = Math.max(
        2,
        cpuMs(() => parse(h.kind, small)),
      );
      let lines = 0;
      const largeMs = cpuMs(() => {
        lines = parse(h.kind, large);
      });
      expect(lines).toBeLessThanOrEqual(MAX_LINES);
      // Linear growth is 10x; allow for timer resolution and garbage collection, not for 100x.
      expect(largeMs / smallMs).toBeLessThan(30);
    },
    60_000,
  );
});
