import type { Executor } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findFailuresSince, recordFailure } from './auth.repository';

function tooMany(message: string, oldestMs: number, windowMs: number, nowMs: number): AppError {
  const wait = Math.max(1, Math.ceil((oldestMs + windowMs - nowMs) / 1000));
  return new AppError(
    'resource-exhausted',
    message,
    { retryAfterSeconds: wait },
    { 'retry-after': String(wait) },
  );
}

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
      if (list.length >= options.limit)
        throw tooMany(message, list[0]!, options.windowMs, options.clock.now().getTime());
    },
    fail(key: string): void {
      const list = recent(key);
      list.push(options.clock.now().getTime());
      failures.set(key, list);
    },
  };
}

/**
 * The same count kept in the database (table failed_attempts, migration 0026), so the limit
 * holds across every server process and restart (docs/decisions/175-admin-sessions-and-shared-failure-count.md). Two processes failing
 * at the same instant can each pass `check` once more than the limit: a bound of limit plus the
 * number of processes, not a way round it.
 */
export function createStoredFailureCounter(options: {
  db: Executor;
  limit: number;
  windowMs: number;
  clock: Clock;
}) {
  const since = () => new Date(options.clock.now().getTime() - options.windowMs).toISOString();
  return {
    async check(key: string, message: string): Promise<void> {
      const failures = await findFailuresSince(options.db, key, since(), options.limit);
      if (failures.length >= options.limit) {
        const nowMs = options.clock.now().getTime();
        throw tooMany(message, Date.parse(failures[0]!), options.windowMs, nowMs);
      }
    },
    async fail(key: string): Promise<void> {
      // Attempts older than the window count for nothing: they go as the key fails again.
      await recordFailure(options.db, key, options.clock.now().toISOString(), since());
    },
  };
}
