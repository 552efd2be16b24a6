/**
 * BENCH_SMOKE=1 runs a benchmark's whole path with tiny sizes, so that the test command
 * (scripts/test-all.sh) proves every benchmark still builds, starts and measures. Its figures
 * prove nothing about speed, so a smoke run does not hold them to the bars; it still fails when a
 * request fails or a check of correctness does not hold.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full run's size, or the smoke run's. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

/** Whether a missed bar fails this run: in a full run only. */
export function failsBar(missed: boolean): boolean {
  if (missed && SMOKE) console.log('(smoke run: bars are not held)');
  return missed && !SMOKE;
}
