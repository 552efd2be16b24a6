import { createHash } from 'node:crypto';
import { AUTH_TEXT, type AccountResponse } from '@doublecast/common/auth';
import type { Db } from '../../db/connection';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import {
  deleteSessionById,
  findCredentialPassword,
  findNewSession,
  markSessionAuthenticated,
  findUserByEmail,
  findUserForSignIn,
  insertCredentialAccount,
  updateCredentialPassword,
} from './auth.repository';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import type { AccountsAuth } from './session-auth';
import type { SessionEvents } from './session-events';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  auth: AccountsAuth;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
}

/** better-auth's endpoints throw APIError (status + body.code); anything else is ours or a bug. */
function apiErrorCode(e: unknown): string | null {
  if (e && typeof e === 'object' && 'body' in e) {
    const body = (e as { body?: { code?: unknown } }).body;
    if (body && typeof body.code === 'string') return body.code;
  }
  if (
    e &&
    typeof e === 'object' &&
    'status' in e &&
    typeof (e as { status: unknown }).status === 'string'
  ) {
    return (e as { status: string }).status;
  }
  return null;
}

/** Turns the digest better-auth returns into our cookie token, refusing disabled accounts. */
async function finishSession(
  deps: AuthDeps,
  digest: string,
  disabledText: string,
): Promise<SignedIn> {
  const token = deps.auth.engine.takeIssuedToken(digest);
  const row = await findNewSession(deps.db.kysely, digest);
  if (!token || !row) throw new Error('Session was not created');
  const user = await findUserForSignIn(deps.db.kysely, row.user_id);
  if (!user || user.disabled !== 0) {
    await deleteSessionById(deps.db.kysely, row.id);
    throw new AppError('permission-denied', disabledText);
  }
  return { token, user: { id: user.id, email: user.email, role: user.role } };
}

/** Password sign-in. Unknown email and wrong password get the same answer (docs/glossary.md#sign-in). */
export async function signInWithPassword(
  deps: AuthDeps,
  options: { email: string; password: string },
): Promise<SignedIn> {
  let digest: string;
  try {
    const result = await deps.auth.engine.auth.api.signInEmail({
      body: { email: options.email, password: options.password },
      headers: new Headers(),
    });
    digest = result.token;
  } catch (e) {
    if (apiErrorCode(e) !== null)
      throw new AppError('unauthenticated', AUTH_TEXT.incorrectCredentials);
    throw e;
  }
  const signedIn = await finishSession(deps, digest, AUTH_TEXT.accountDisabled);
  // docs/glossary.md#S1: a hash made with older parameters is replaced while the password is at hand.
  const stored = await findCredentialPassword(deps.db.kysely, signedIn.user.id);
  if (stored && needsRehash(stored)) {
    await updateCredentialPassword(
      deps.db.kysely,
      signedIn.user.id,
      await hashPassword(options.password),
      deps.clock.now().toISOString(),
    );
  }
  return signedIn;
}

/** Sends a magic link. The answer is the same whether or not an account exists (docs/glossary.md#S2). */
export async function sendMagicLink(deps: AuthDeps, options: { email: string }): Promise<void> {
  await deps.auth.engine.auth.api.signInMagicLink({
    body: { email: options.email },
    headers: new Headers(),
  });
}

function magicLinkIdentifier(token: string): string {
  // The plugin's `storeToken: 'hashed'`: SHA-256, base64url without padding.
  return `magic-link:${createHash('sha256').update(token).digest('base64url')}`;
}

/**
 * Spends a magic link: the link is bound to the email it was sent to, and only this POST
 * (made by the page, not by opening the link) consumes it. better-auth consumes the token
 * atomically, so parallel uses of one link give one session.
 */
export async function finishMagicLinkSignIn(
  deps: AuthDeps,
  options: { email: string; token: string },
): Promise<SignedIn> {
  const ctx = await deps.auth.engine.auth.$context;
  const pending = await ctx.internalAdapter.findVerificationValue(
    magicLinkIdentifier(options.token),
  );
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    throw new AppError('invalid-argument', AUTH_TEXT.finishExpired);
  }
  let email: string | null = null;
  try {
    email = (JSON.parse(pending.value) as { email?: string }).email ?? null;
  } catch {
    email = null;
  }
  if (!email || email.toLowerCase() !== options.email) {
    throw new AppError('invalid-argument', AUTH_TEXT.finishWrongEmail);
  }
  const existing = await findUserByEmail(deps.db.kysely, options.email);
  if (existing && existing.disabled !== 0)
    throw new AppError('permission-denied', AUTH_TEXT.finishDisabled);
  let digest: string;
  try {
    const result = (await deps.auth.engine.auth.api.magicLinkVerify({
      query: { token: options.token },
      headers: new Headers(),
    })) as { token?: string };
    if (!result?.token) throw new AppError('invalid-argument', AUTH_TEXT.finishExpired);
    digest = result.token;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (apiErrorCode(e) !== null) throw new AppError('invalid-argument', AUTH_TEXT.finishExpired);
    throw e;
  }
  return finishSession(deps, digest, AUTH_TEXT.finishDisabled);
}

/** Mails a reset link when the account exists; the answer never says whether it does. */
export async function requestPasswordReset(
  deps: AuthDeps,
  options: { email: string },
): Promise<void> {
  await deps.auth.engine.auth.api.requestPasswordReset({
    body: { email: options.email },
    headers: new Headers(),
  });
}

/** Sets a new password from a mailed reset link; every session of the account ends. */
export async function resetPassword(
  deps: AuthDeps,
  options: { token: string; newPassword: string },
): Promise<void> {
  try {
    await deps.auth.engine.auth.api.resetPassword({
      body: { token: options.token, newPassword: options.newPassword },
      headers: new Headers(),
    });
  } catch (e) {
    const code = apiErrorCode(e);
    if (code === 'PASSWORD_TOO_SHORT')
      throw new AppError('invalid-argument', AUTH_TEXT.passwordTooShort);
    if (code === 'PASSWORD_TOO_LONG')
      throw new AppError('invalid-argument', AUTH_TEXT.passwordTooLong);
    if (code !== null) throw new AppError('invalid-argument', AUTH_TEXT.resetLinkExpired);
    throw e;
  }
}

/**
 * Changes the password after checking the current one. Every session of the account ends,
 * this one included, and a fresh session is issued to the caller (docs/glossary.md#S3).
 */
export async function changePassword(
  deps: AuthDeps,
  options: { user: SessionUser; currentPassword: string; newPassword: string },
): Promise<SignedIn> {
  const stored = await findCredentialPassword(deps.db.kysely, options.user.id);
  if (!stored || !(await verifyPassword(stored, options.currentPassword))) {
    throw new AppError('invalid-argument', AUTH_TEXT.currentPasswordIncorrect);
  }
  await updateCredentialPassword(
    deps.db.kysely,
    options.user.id,
    await hashPassword(options.newPassword),
    deps.clock.now().toISOString(),
  );
  await deps.auth.endAllSessions(options.user.id);
  const token = await deps.auth.issueSession(options.user.id);
  return { token, user: options.user };
}

/** Adds a password to an account that signs in by magic link only. */
export async function setPassword(
  deps: AuthDeps,
  options: { user: SessionUser; newPassword: string },
): Promise<void> {
  const stored = await findCredentialPassword(deps.db.kysely, options.user.id);
  const phc = await hashPassword(options.newPassword);
  const now = deps.clock.now().toISOString();
  if (stored) {
    // A password exists already: changing it needs the current one (changePassword).
    throw new AppError('aborted', AUTH_TEXT.setPasswordFailed);
  }
  try {
    await insertCredentialAccount(deps.db.kysely, {
      id: newId(),
      userId: options.user.id,
      phc,
      now,
    });
  } catch {
    // Two tabs setting a password at once: the first one wins.
    throw new AppError('aborted', AUTH_TEXT.setPasswordFailed);
  }
}

export async function getAccount(
  deps: AuthDeps,
  options: { user: SessionUser },
): Promise<AccountResponse> {
  const stored = await findCredentialPassword(deps.db.kysely, options.user.id);
  return {
    id: options.user.id,
    email: options.user.email,
    role: options.user.role,
    hasPassword: stored !== null,
  };
}

/**
 * Re-authentication inside a session (admins before overrides, revokes and exports): checks the
 * password and stamps the session's authentication time. Accounts without a password confirm
 * by signing in again with a fresh magic link, which starts a new session.
 */
export async function reauthenticate(
  deps: Pick<AuthDeps, 'db' | 'clock'> & { sessionEvents: SessionEvents },
  options: { user: SessionUser; password: string },
): Promise<void> {
  const stored = await findCredentialPassword(deps.db.kysely, options.user.id);
  if (!stored || !options.user.sessionId || !(await verifyPassword(stored, options.password))) {
    throw new AppError('invalid-argument', AUTH_TEXT.currentPasswordIncorrect);
  }
  await markSessionAuthenticated(
    deps.db.kysely,
    options.user.sessionId,
    deps.clock.now().toISOString(),
  );
  // Cached copies of this session must learn the new time (decision 233).
  await deps.sessionEvents.publish({ kind: 'user', userId: options.user.id });
}
