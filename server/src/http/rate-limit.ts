import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';

const DEFAULT_MESSAGE = 'Too many requests. Please try again later.';

interface RateLimitRule {
  max: number;
  windowMs: number;
  /** The error message when over the limit. */
  message?: string;
}

/**
 * Every rate limit the API applies, in one table (decision 141). Each route names its row and
 * the key it counts under (an address, a user, an email or a voice).
 */
export const RATE_LIMITS = {
  /** Password sign-in, per address. */
  signIn: { max: 5, windowMs: 60_000, message: AUTH_TEXT.tooManyAttempts },
  /** Magic-link and reset mails, per address. */
  authMailPerAddress: { max: 20, windowMs: 15 * 60_000, message: AUTH_TEXT.tooManyAttempts },
  /** Magic-link and reset mails, per email. */
  authMailPerEmail: { max: 3, windowMs: 15 * 60_000, message: AUTH_TEXT.tooManyAttempts },
  /** Finishing a magic-link sign-in or a password reset, per address. */
  authFinish: { max: 30, windowMs: 60_000, message: AUTH_TEXT.tooManyAttempts },
  /** Contact form, per address. */
  contact: { max: 5, windowMs: 10 * 60_000 },
  /** Client analytics events, per address. */
  analyticsEvents: { max: 60, windowMs: 60_000 },
  /** Starting a checkout, per user. */
  checkout: { max: 10, windowMs: 60_000 },
  /** Studio readings, per user. */
  studioReading: {
    max: 10,
    windowMs: 60_000,
    message: 'Too many readings in a minute. Please wait a moment and try again.',
  },
  /** The Studio's scene casting, per user: asked again as the pasted text settles, never charged. */
  sceneCast: { max: 60, windowMs: 60_000 },
  /** Rehearsal line audio, per user: a run fetches a few lines ahead; a long scene read at 1.5x stays far below. */
  rehearsalLine: { max: 120, windowMs: 60_000 },
  /** Rehearsal plans, per user: asked again whenever the setup's role or voices change. */
  rehearsalPlan: { max: 60, windowMs: 60_000 },
  /** Reader tracks, per user. */
  readerTrack: { max: 10, windowMs: 60_000 },
  /** Rehearsal runs kept, per user: a run takes a minute or more; this allows a reload or two. */
  rehearsalRun: { max: 30, windowMs: 60_000 },
  /** Script imports, per user: PDF extraction runs a process; 20 a minute is plenty for people. */
  scriptImport: { max: 20, windowMs: 60_000 },
  /** Pronunciations added or removed, per user. */
  pronunciationWrite: { max: 60, windowMs: 60_000 },
  /** A fresh voice preview, per voice, whoever asks. */
  freshPreview: { max: 1, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Counts one request under `key`; throws resource-exhausted with Retry-After when over. */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /** Counts one request under `key` without throwing; true when it is within the limit. */
  take(request: FastifyRequest, key: string): Promise<boolean>;
}

/** The key for "per address": the client address, IPv6 grouped by its /64 network. */
export function addressKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

interface StoreEntry {
  current: number;
  startMs: number;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The embedded store: fixed windows kept in this process's memory, timed by the app's clock
 * (the library's own memory store reads Date.now(), which tests cannot move). The library's
 * store interface is what a store shared by several processes implements.
 */
export function clockedMemoryStore(clock: Clock) {
  return class ClockedMemoryStore {
    private readonly entries = new Map<string, StoreEntry>();
    private sweeps = 0;

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = clock.now().getTime();
      let entry = this.entries.get(key);
      if (!entry || entry.startMs + timeWindow <= now) {
        entry = { current: 0, startMs: now };
        this.entries.set(key, entry);
      }
      entry.current += 1;
      if (++this.sweeps % 1000 === 0) {
        for (const [k, e] of this.entries)
          if (e.startMs + timeWindow <= now) this.entries.delete(k);
      }
      callback(null, { current: entry.current, ttl: entry.startMs + timeWindow - now });
    }

    child(): ClockedMemoryStore {
      return new ClockedMemoryStore();
    }
  };
}

/**
 * Registers @fastify/rate-limit with no global limit; routes use `rateLimiter`. The store is the
 * embedded memory one, or one shared by every server process (PostgreSQL: decision 241).
 */
export async function installRateLimits(
  app: FastifyInstance,
  clock: Clock,
  store?: ReturnType<typeof clockedMemoryStore> | (new (...args: never[]) => object),
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: (store ?? clockedMemoryStore(clock)) as ReturnType<typeof clockedMemoryStore>,
  });
}

const keys = new WeakMap<FastifyRequest, string>();

/** The limiter for one row of RATE_LIMITS (call inside a route plugin). */
export function rateLimiter(app: FastifyInstance, name: RateLimitName): RateLimiter {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    // The limit's name keeps its counts apart from other limits' in a shared store.
    keyGenerator: (request) => `${name}:${keys.get(request) ?? addressKey(request)}`,
  });
  const count = async (request: FastifyRequest, key: string) => {
    keys.set(request, key);
    const result = await check(request);
    return result.isAllowed || !result.isExceeded ? 0 : Math.max(1, result.ttlInSeconds);
  };
  return {
    async hit(request, key) {
      const wait = await count(request, key);
      if (wait > 0) {
        throw new AppError(
          'resource-exhausted',
          rule.message ?? DEFAULT_MESSAGE,
          { retryAfterSeconds: wait },
          { 'retry-after': String(wait) },
        );
      }
    },
    async take(request, key) {
      return (await count(request, key)) === 0;
    },
  };
}
