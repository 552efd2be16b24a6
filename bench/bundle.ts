import path from 'node:path';
import { buildServerBundle } from '../server/src/test/real-server';

/**
 * The production server bundle a benchmark runs: built privately from the source, or the one
 * BENCH_SERVER_BUNDLE names (an earlier build, for a before/after comparison on one machine).
 */
export function serverBundle(): { entry: string; remove(): void } {
  const given = process.env.BENCH_SERVER_BUNDLE;
  return given ? { entry: path.resolve(given), remove: () => {} } : buildServerBundle();
}
