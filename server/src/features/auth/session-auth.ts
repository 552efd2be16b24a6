import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection';
import type { Env } from '../../env';
import type { AuthPort, Role, SessionUser } from '../../http/auth-guard';
import { systemClock, type Clock } from '../../lib/clock';
import {
  deleteSessionById,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findSessionByTokenHash,
  type SessionRow,
} from './auth.repository';
import { hashSessionToken, type AuthEngine } from './auth-engine';
import type { SessionEvents } from './session-events';
import { createSessionTouches } from './session-touches';
import {
  SESSION_CACHE_MAX,
  SESSION_CACHE_TTL_MS,
  sessionCacheTtl,
  sessionLifetime,
  TOUCH_INTERVAL_MS,
  TOUCH_WRITE_DELAY_MS,
} from './session-policy';

/** The real AuthPort: sessions issued through better-auth, read and ended here (docs/glossary.md#S3). */
export interface AccountsAuth extends AuthPort {
  readonly engine: AuthEngine;
  readonly cookieName: string;
  /** Creates a session for the user and returns its raw token (for the cookie only). */
  issueSession(userId: string): Promise<string>;
  setSessionCookie(reply: FastifyReply, token: string, role: Role): void;
  clearSessionCookie(reply: FastifyReply): void;
  /** Ends the session the request carries, if any. */
  endSession(request: FastifyRequest): Promise<void>;
  /** Ends every session of the user (sign-out everywhere, password change). */
  endAllSessions(userId: string): Promise<void>;
  /** The session row id of the request's session (to keep it through a password change). */
  readToken(request: FastifyRequest): string | null;
  /** Writes the last-seen times still waiting (when the server closes). */
  flush(): Promise<void>;
}

export function isAccountsAuth(auth: AuthPort): auth is AccountsAuth {
  return typeof (auth as Partial<AccountsAuth>).issueSession === 'function';
}

/** Session tokens as issued: URL-safe base64, of a sane length. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

export function isSecureCookies(env: Env): boolean {
  return env.NODE_ENV === 'production' || env.SECURE_COOKIES || env.APP_URL.startsWith('https:');
}

/** Whether the session's own rules (docs/glossary.md#S3) still let it in at `now`. */
function isLive(row: SessionRow, now: number): boolean {
  const life = sessionLifetime(row.role);
  const lastSeen = Date.parse(row.last_seen_at ?? row.created_at);
  return (
    row.disabled === 0 &&
    now < Date.parse(row.expires_at) &&
    now - Date.parse(row.created_at) < life.absoluteMs &&
    now - lastSeen < life.idleMs
  );
}

export function createAccountsAuth(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  engine: AuthEngine;
  sessionEvents: SessionEvents;
  log?: { warn(obj: unknown, msg: string): void };
}): AccountsAuth {
  const { db, clock, engine, sessionEvents } = deps;
  const touches = createSessionTouches({ db, delayMs: TOUCH_WRITE_DELAY_MS, log: deps.log });
  const secure = isSecureCookies(deps.env);
  // `__Host-` pins the cookie to this origin and path (no Domain); browsers demand Secure for it.
  const cookieName = secure ? '__Host-dc_session' : 'dc_session';

  // Cookies are parsed and written by @fastify/cookie (decision 143).
  const readToken = (request: FastifyRequest): string | null => {
    const token = request.cookies[cookieName];
    return token !== undefined && TOKEN_PATTERN.test(token) ? token : null;
  };

  const writeCookie = (reply: FastifyReply, token: string | null, role: Role = 'user'): void => {
    const maxAge = token ? Math.floor(sessionLifetime(role).absoluteMs / 1000) : 0;
    reply.setCookie(cookieName, token ?? '', {
      path: '/',
      maxAge,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  };

  // Decision 233: the rows of recently used sessions, by token hash, for a few seconds. Every
  // hit re-applies the expiry rules; every change to a session or its user is an event that
  // drops the entries it touches, in this process at once and in the others by NOTIFY.
  const cache = new LRUCache<string, SessionRow>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
    // The system's time is measured monotonically; a test's clock moves the entries' age too.
    perf: clock === systemClock ? performance : { now: () => clock.now().getTime() },
    ttlResolution: 0,
  });
  let generation = 0;
  sessionEvents.subscribe((event) => {
    generation++;
    if (event.kind === 'session') cache.delete(event.tokenHash);
    else if (event.kind === 'all') cache.clear();
    else
      for (const [hash, row] of cache.entries())
        if (row.user_id === event.userId) cache.delete(hash);
  });

  return {
    engine,
    cookieName,
    readToken,
    flush: () => touches.flush(),

    async getSessionUser(request): Promise<SessionUser | null> {
      const token = readToken(request);
      if (!token) return null;
      const tokenHash = hashSessionToken(token);
      const now = clock.now().getTime();
      let row = sessionEvents.delivering() ? cache.get(tokenHash) : undefined;
      if (row && !isLive(row, now)) {
        // The cache only ever lets a session in: whether it has ended is asked of the database.
        cache.delete(tokenHash);
        row = undefined;
      }
      if (!row) {
        const seen = generation;
        row = await findSessionByTokenHash(db.kysely, tokenHash);
        if (!row) return null;
        row.last_seen_at = touches.pending(row.id) ?? row.last_seen_at;
        if (!isLive(row, now)) {
          touches.forget(row.id);
          await deleteSessionById(db.kysely, row.id);
          await sessionEvents.publish({ kind: 'session', tokenHash });
          return null;
        }
        // Not kept when any event arrived during the read: it may predate the change.
        if (seen === generation && sessionEvents.delivering())
          cache.set(tokenHash, row, { ttl: sessionCacheTtl(Math.random()) });
      }
      const lastSeen = Date.parse(row.last_seen_at ?? row.created_at);
      if (now - lastSeen >= TOUCH_INTERVAL_MS) {
        const at = new Date(now).toISOString();
        row.last_seen_at = at;
        touches.touch(row.id, at);
      }
      return {
        id: row.user_id,
        email: row.email,
        role: row.role,
        sessionId: row.id,
        authenticatedAt: row.authenticated_at ?? row.created_at,
      };
    },

    async issueSession(userId) {
      const ctx = await engine.auth.$context;
      const session = await ctx.internalAdapter.createSession(userId);
      const raw = session ? engine.takeIssuedToken(session.token) : null;
      if (!raw) throw new Error('Session was not created');
      return raw;
    },

    setSessionCookie(reply, token, role) {
      writeCookie(reply, token, role);
    },

    clearSessionCookie(reply) {
      writeCookie(reply, null);
    },

    async endSession(request) {
      const token = readToken(request);
      if (!token) return;
      const tokenHash = hashSessionToken(token);
      await deleteSessionByTokenHash(db.kysely, tokenHash);
      await sessionEvents.publish({ kind: 'session', tokenHash });
    },

    async endAllSessions(userId) {
      await deleteUserSessions(db.kysely, userId);
      await sessionEvents.publish({ kind: 'user', userId });
    },
  };
}
