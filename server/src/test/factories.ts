import { randomBytes } from 'node:crypto';
import { hashSessionToken } from '../features/auth/auth-engine';
import { isAccountsAuth } from '../features/auth/session-auth';
import type { SessionUser } from '../http/auth-guard';
import { newId } from '../lib/ids';
import type { TestApp } from './test-app';

export interface TestUser extends SessionUser {
  /** A Cookie header value that signs this user in. */
  cookie: string;
}

let counter = 0;

/**
 * Creates a user row and a signed-in session for it. Paid users get an active paid
 * subscription, as a verified payment would leave them.
 */
export async function createUser(
  t: TestApp,
  options: { email?: string; role?: 'user' | 'admin'; tier?: 'free' | 'paid' } = {},
): Promise<TestUser> {
  const id = newId();
  const email = options.email ?? `user${++counter}-${id.slice(0, 6)}@example.com`;
  const now = t.clock.now().toISOString();
  const paid = options.tier === 'paid';
  await t.db.kysely
    .insertInto('users')
    .values({
      id,
      email,
      role: options.role ?? 'user',
      created_at: now,
      updated_at: now,
      subscription_status: paid ? 'active' : 'inactive',
      subscription_tier: paid ? 'paid' : 'free',
      plan: paid ? 'monthly' : 'free',
    })
    .execute();
  const user: SessionUser = { id, email, role: options.role ?? 'user' };
  return { ...user, cookie: await signIn(t, user) };
}

/**
 * Returns a Cookie header that signs `user` in: a real session, issued the same way a sign-in
 * issues one (its role comes from the users row).
 */
export async function signIn(t: TestApp, user: Pick<SessionUser, 'id'>): Promise<string> {
  const auth = t.ctx.auth;
  if (!isAccountsAuth(auth))
    throw new Error('signIn needs the accounts auth (do not override `auth`)');
  const token = await auth.issueSession(user.id);
  return `${auth.cookieName}=${token}`;
}

/**
 * A session row written straight to the table, as an older sign-in left it (no sign-in hook
 * runs: the user's role is not touched), with the given times; returns its Cookie header.
 */
export async function insertSession(
  t: TestApp,
  user: Pick<SessionUser, 'id'>,
  times: { createdAt?: Date; expiresAt?: Date } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  const created = (times.createdAt ?? now).toISOString();
  await t.db.kysely
    .insertInto('auth_sessions')
    .values({
      id: newId(),
      user_id: user.id,
      token: hashSessionToken(token),
      expires_at: (times.expiresAt ?? new Date(now.getTime() + 3600_000)).toISOString(),
      created_at: created,
      updated_at: created,
      last_seen_at: now.toISOString(),
    })
    .execute();
  const auth = t.ctx.auth;
  return `${isAccountsAuth(auth) ? auth.cookieName : 'dc_session'}=${token}`;
}

/** The attributes of a Set-Cookie value (everything after name=value), sorted. */
export function cookieAttributes(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .filter(Boolean)
    .sort();
}

/** The admin named in admin_logs when a test calls an admin service function directly. */
export const TEST_ADMIN = { id: 'test-admin', email: 'test-admin@example.com' } as const;
