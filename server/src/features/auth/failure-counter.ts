import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/**
 * Counts failed attempts per key in a sliding window (docs/glossary.md#S9: 20 failed sign-ins an hour per
 * account). Unlike the request limiter, successes are free: only `fail` counts, and `check`
 * refuses once the window holds `limit` failures.
 */
export function createFailureCounter(options: { limit: number; windowMs: number; clock: Clock }) {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const from = options.clock.now().getTime() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > from);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    check(key: string, message: string): void {
      const list = recent(key);
      if (list.length >= options.limit) {
        const wait = Math.max(
          1,
          Math.ceil((list[0]! + options.windowMs - options.clock.now().getTime()) / 1000),
        );
        throw new AppError(
          'resource-exhausted',
          message,
          { retryAfterSeconds: wait },
          { 'retry-after': String(wait) },
        );
      }
    },
    fail(key: string): void {
      const list = recent(key);
      list.push(options.clock.now().getTime());
      failures.set(key, list);
    },
  };
}
