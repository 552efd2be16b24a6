import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired windows are deleted after this many counts (by the process that counts). */
const SWEEP_EVERY = 1000;

/**
 * @fastify/rate-limit's store interface on one PostgreSQL table, so every server process counts
 * in the same fixed windows (decision 241). One statement per count: an upsert that starts a new
 * window when the old one has ended, else adds one, and answers the count and the window's end.
 * Times come from the app's clock, as in the embedded store.
 */
export function pgRateLimitStore(db: Db, clock: Clock, log: { warn(o: unknown, m: string): void }) {
  let counted = 0;
  return class PgRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = clock.now().getTime();
      const ends = now + timeWindow;
      sql<{ hits: number; ends_at_ms: number }>`
        INSERT INTO rate_limit_windows (key, hits, ends_at_ms) VALUES (${key}, 1, ${ends})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_windows.ends_at_ms <= ${now} THEN 1
                      ELSE rate_limit_windows.hits + 1 END,
          ends_at_ms = CASE WHEN rate_limit_windows.ends_at_ms <= ${now} THEN ${ends}
                            ELSE rate_limit_windows.ends_at_ms END
        RETURNING hits, ends_at_ms`
        .execute(db.kysely)
        .then(
          ({ rows }) => {
            const row = rows[0]!;
            callback(null, { current: Number(row.hits), ttl: Number(row.ends_at_ms) - now });
          },
          (err: Error) => callback(err),
        );
      if (++counted % SWEEP_EVERY === 0) {
        db.kysely
          .deleteFrom('rate_limit_windows')
          .where('ends_at_ms', '<', now)
          .execute()
          .catch((err: unknown) => log.warn({ err }, 'could not remove ended rate-limit windows'));
      }
    }

    child(): PgRateLimitStore {
      // Keys carry the limit's name (rateLimiter), so every limit can share the one table.
      return new PgRateLimitStore();
    }
  };
}
