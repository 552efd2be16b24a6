import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUTS } from './hostile';
import { MAX_LINES } from './lines';
import { FdxError, parseFdx } from './parse-fdx';
import { parseScript, readPdfText, type TextFormat } from './parse-script';

/**
 * Every reader is linear: a 2 MB hostile input costs about ten times a 200 KB one (a quadratic
 * reader would cost a hundred times). Measured as CPU time of this process, which the machine's
 * other load does not inflate the way it inflates wall time; the absolute figures (each 2 MB
 * input in well under 1 s of CPU, and the event loop while a worker parses) are in
 * bench/script-parsing.bench.ts.
 */
type Reader = 'fdx' | 'auto' | 'pdf' | TextFormat;

function parse(reader: Reader, text: string): number {
  try {
    if (reader === 'fdx') return parseFdx(text).lines.length;
    if (reader === 'pdf') return readPdfText(text).analysis.lines.length;
    return parseScript(text, reader).lines.length;
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

/** Text inputs go through detection and through every text reader, whatever it would pick. */
const cases = HOSTILE_INPUTS.flatMap((h) =>
  (h.kind === 'fdx'
    ? (['fdx'] as const)
    : (['auto', 'fountain', 'colon', 'plain', 'layout', 'margin', 'pdf'] as const)
  ).map((reader) => [`${h.name} (${reader})`, h, reader] as const),
);

describe('hostile input', () => {
  it.each(cases)(
    '%s: 2 MB costs about ten times 200 KB, and the reading is bounded',
    (_name, h, reader) => {
      const small = h.make(200_000);
      const large = h.make(2_000_000);
      parse(reader, small); // warm up the code paths
      const smallMs = Math.max(
        2,
        cpuMs(() => parse(reader, small)),
      );
      let lines = 0;
      const largeMs = cpuMs(() => {
        lines = parse(reader, large);
      });
      expect(lines).toBeLessThanOrEqual(MAX_LINES);
      // Linear growth is 10x; a quadratic reader costs 100x. The bar sits halfway (in log terms
      // a little above) so that garbage collection of 2 MB strings on a loaded machine, seen to
      // reach 36x, does not fail a linear reader, while 100x still does.
      expect(largeMs / smallMs).toBeLessThan(50);
    },
    60_000,
  );
});
