import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';

export interface RateLimiter {
  /** Counts one hit for `key`; throws resource-exhausted with Retry-After when over the limit. */
  hit(key: string, message?: string): void;
  /** Counts without throwing; returns the seconds to wait, or 0 when allowed. */
  take(key: string): number;
  reset(key?: string): void;
}

/**
 * A sliding-window counter kept in memory (one server process). Each key keeps the times of its
 * hits inside the window; the oldest one tells when the next hit is allowed.
 */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  clock: Clock;
}): RateLimiter {
  const hits = new Map<string, number[]>();
  let sweeps = 0;
  const take = (key: string): number => {
    const now = options.clock.now().getTime();
    const from = now - options.windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > from);
    if (list.length >= options.limit) {
      hits.set(key, list);
      return Math.max(1, Math.ceil((list[0]! + options.windowMs - now) / 1000));
    }
    list.push(now);
    hits.set(key, list);
    if (++sweeps % 1000 === 0) {
      for (const [k, v] of hits) if (v.every((t) => t <= from)) hits.delete(k);
    }
    return 0;
  };
  return {
    take,
    hit(key, message = 'Too many requests. Please try again later.') {
      const wait = take(key);
      if (wait > 0) {
        throw new AppError(
          'resource-exhausted',
          message,
          { retryAfterSeconds: wait },
          { 'retry-after': String(wait) },
        );
      }
    },
    reset(key) {
      if (key === undefined) hits.clear();
      else hits.delete(key);
    },
  };
}
