import type { Role } from '../../http/auth-guard';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** docs/glossary.md#S3: users 30 days absolute / 7 days idle; admins 12 hours / 30 minutes. */
export function sessionLifetime(role: Role): { absoluteMs: number; idleMs: number } {
  return role === 'admin'
    ? { absoluteMs: 12 * HOUR, idleMs: 30 * 60_000 }
    : { absoluteMs: 30 * DAY, idleMs: 7 * DAY };
}

/** How often a session's last-seen time is updated (not on every request). */
export const TOUCH_INTERVAL_MS = 60_000;
/** How long an updated last-seen time waits to be written with others (decision 248). */
export const TOUCH_WRITE_DELAY_MS = 1_000;

/**
 * The session lookup cache (decision 233): a session's row is reused for at most this long, so
 * a change whose event was lost still reaches this process within it.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * Each cached row lives a random time between this share of the TTL and the whole TTL, so rows
 * cached in the same moment (a restart, a class signing in together) are not all looked up again
 * in the same moment, and their next lookups drift further apart (decision 233).
 */
export const SESSION_CACHE_TTL_MIN_SHARE = 0.75;

/** A cached row's lifetime for `random` in [0, 1): never longer than SESSION_CACHE_TTL_MS. */
export function sessionCacheTtl(random: number): number {
  const min = SESSION_CACHE_TTL_MS * SESSION_CACHE_TTL_MIN_SHARE;
  return Math.floor(min + (SESSION_CACHE_TTL_MS - min) * random);
}

/** How many sessions' rows one process keeps (least recently used go first). */
export const SESSION_CACHE_MAX = 10_000;
