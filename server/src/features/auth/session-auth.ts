import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';
import type { Env } from '../../env';
import type { AuthPort, Role, SessionUser } from '../../http/auth-guard';
import type { Clock } from '../../lib/clock';
import {
  deleteSessionById,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findSessionByTokenHash,
  touchSession,
} from './auth.repository';
import { hashSessionToken, type AuthEngine } from './auth-engine';
import { sessionLifetime, TOUCH_INTERVAL_MS } from './session-policy';

/** The real AuthPort: sessions issued through better-auth, read and ended here (S3). */
export interface AccountsAuth extends AuthPort {
  readonly engine: AuthEngine;
  readonly cookieName: string;
  /** Creates a session for the user and returns its raw token (for the cookie only). */
  issueSession(userId: string): Promise<string>;
  /** The Set-Cookie value carrying `token`, or clearing the cookie when null. */
  cookieFor(token: string | null, role?: Role): string;
  setSessionCookie(reply: FastifyReply, token: string, role: Role): void;
  clearSessionCookie(reply: FastifyReply): void;
  /** Ends the session the request carries, if any. */
  endSession(request: FastifyRequest): Promise<void>;
  endAllSessions(userId: string): Promise<void>;
  /** The session row id of the request's session (to keep it through a password change). */
  readToken(request: FastifyRequest): string | null;
}

export function isAccountsAuth(auth: AuthPort): auth is AccountsAuth {
  return typeof (auth as Partial<AccountsAuth>).issueSession === 'function';
}

export function isSecureCookies(env: Env): boolean {
  return env.NODE_ENV === 'production' || env.SECURE_COOKIES || env.APP_URL.startsWith('https:');
}

export function createAccountsAuth(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  engine: AuthEngine;
}): AccountsAuth {
  const { db, clock, engine } = deps;
  const secure = isSecureCookies(deps.env);
  // `__Host-` pins the cookie to this origin and path (no Domain); browsers demand Secure for it.
  const cookieName = secure ? '__Host-dc_session' : 'dc_session';
  const cookiePattern = new RegExp(
    `(?:^|;\\s*)${cookieName.replace(/[-]/g, '\\-')}=([A-Za-z0-9_-]{16,200})(?:;|$)`,
  );

  const readToken = (request: FastifyRequest): string | null => {
    const header = request.headers.cookie;
    if (!header) return null;
    return cookiePattern.exec(header)?.[1] ?? null;
  };

  const cookieFor = (token: string | null, role: Role = 'user'): string => {
    const maxAge = token ? Math.floor(sessionLifetime(role).absoluteMs / 1000) : 0;
    return [
      `${cookieName}=${token ?? ''}`,
      'Path=/',
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  };

  return {
    engine,
    cookieName,
    readToken,
    cookieFor,

    async getSessionUser(request): Promise<SessionUser | null> {
      const token = readToken(request);
      if (!token) return null;
      const row = await findSessionByTokenHash(db.kysely, hashSessionToken(token));
      if (!row) return null;
      const now = clock.now().getTime();
      const life = sessionLifetime(row.role);
      const created = Date.parse(row.created_at);
      const lastSeen = Date.parse(row.last_seen_at ?? row.created_at);
      const expired =
        row.disabled !== 0 ||
        now >= Date.parse(row.expires_at) ||
        now - created >= life.absoluteMs ||
        now - lastSeen >= life.idleMs;
      if (expired) {
        await deleteSessionById(db.kysely, row.id);
        return null;
      }
      if (now - lastSeen >= TOUCH_INTERVAL_MS)
        await touchSession(db.kysely, row.id, new Date(now).toISOString());
      return { id: row.user_id, email: row.email, role: row.role };
    },

    async issueSession(userId) {
      const ctx = await engine.auth.$context;
      const session = await ctx.internalAdapter.createSession(userId);
      const raw = session ? engine.takeIssuedToken(session.token) : null;
      if (!raw) throw new Error('Session was not created');
      return raw;
    },

    setSessionCookie(reply, token, role) {
      reply.header('set-cookie', cookieFor(token, role));
    },

    clearSessionCookie(reply) {
      reply.header('set-cookie', cookieFor(null));
    },

    async endSession(request) {
      const token = readToken(request);
      if (token) await deleteSessionByTokenHash(db.kysely, hashSessionToken(token));
    },

    async endAllSessions(userId) {
      await deleteUserSessions(db.kysely, userId);
    },
  };
}
