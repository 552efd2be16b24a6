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
  endAllSessions(userId: string): Promise<void>;
  /** The session row id of the request's session (to keep it through a password change). */
  readToken(request: FastifyRequest): string | null;
}

export function isAccountsAuth(auth: AuthPort): auth is AccountsAuth {
  return typeof (auth as Partial<AccountsAuth>).issueSession === 'function';
}

/** Session tokens as issued: URL-safe base64, of a sane length. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

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

  return {
    engine,
    cookieName,
    readToken,

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
      if (token) await deleteSessionByTokenHash(db.kysely, hashSessionToken(token));
    },

    async endAllSessions(userId) {
      await deleteUserSessions(db.kysely, userId);
    },
  };
}
