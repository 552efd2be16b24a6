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
/** How long an updated last-seen time waits to be written with others (decision 239). */
export const TOUCH_WRITE_DELAY_MS = 1_000;

/**
 * The session lookup cache (decision 233): a session's row is reused for at most this long, so
 * a change whose event was lost still reaches this process within it.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** How many sessions' rows one process keeps (least recently used go first). */
export const SESSION_CACHE_MAX = 10_000;
