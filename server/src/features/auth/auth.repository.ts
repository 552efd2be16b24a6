import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/connection';
import type { Role } from '../../http/auth-guard';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string | null;
  authenticated_at: string | null;
  email: string;
  role: Role;
  disabled: number;
}

const sessionByTokenHash = compiledOnce((db: Executor, tokenHash: string) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.created_at',
      's.expires_at',
      's.last_seen_at',
      's.authenticated_at',
      'u.email',
      'u.role',
      'u.disabled',
    ])
    .where('s.token', '=', tokenHash),
);

/**
 * A session and its user by the token's digest: read on every signed-in request whose session
 * is not in the lookup cache (decision 233), so its SQL is compiled once (decision 248).
 */
export async function findSessionByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<SessionRow | undefined> {
  const [row] = await sessionByTokenHash(db, tokenHash);
  return row;
}

/** The session row a sign-in just created, by its token digest (no user join, no expiry check). */
export async function findNewSession(
  db: Executor,
  tokenHash: string,
): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .selectFrom('auth_sessions')
    .select(['id', 'user_id'])
    .where('token', '=', tokenHash)
    .executeTakeFirst();
}

const touchSessionRow = compiledOnce(
  (db: Executor, lastSeenAt: string, updatedAt: string, id: string) =>
    db
      .updateTable('auth_sessions')
      .set({ last_seen_at: lastSeenAt, updated_at: updatedAt })
      .where('id', '=', id),
);

/**
 * Marks a session seen at `now`. Sessions are touched in batches, so its SQL is compiled once per
 * transaction (compiledOnce keeps it per executor), not once per touch.
 */
export async function touchSession(db: Executor, id: string, now: string): Promise<void> {
  await touchSessionRow(db, now, now, id);
}

export async function deleteSessionById(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', id).execute();
}

export async function deleteSessionByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('token', '=', tokenHash).execute();
}

/** Ends every session of a user (password change, reset, disable). */
export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
}

export async function findUserForSignIn(
  db: Executor,
  userId: string,
): Promise<{ id: string; email: string; role: Role; disabled: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findUserByEmail(
  db: Executor,
  email: string,
): Promise<{ id: string; email: string; role: Role; disabled: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'disabled'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Stamps a sign-in; `promote` grants the admin role (ADMIN_EMAILS), never takes it away. */
export async function markSignedIn(
  db: Executor,
  userId: string,
  now: string,
  promote: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set(
      promote ? { last_sign_in_at: now, updated_at: now, role: 'admin' } : { last_sign_in_at: now },
    )
    .where('id', '=', userId)
    .execute();
}

export async function findCredentialPassword(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

export async function updateCredentialPassword(
  db: Executor,
  userId: string,
  phc: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('auth_accounts')
    .set({ password: phc, updated_at: now })
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .execute();
}

export async function insertCredentialAccount(
  db: Executor,
  row: { id: string; userId: string; phc: string; now: string },
): Promise<void> {
  await db
    .insertInto('auth_accounts')
    .values({
      id: row.id,
      user_id: row.userId,
      account_id: row.userId,
      provider_id: 'credential',
      password: row.phc,
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Records that the session's owner proved who they are again (admin re-authentication). */
export async function markSessionAuthenticated(
  db: Executor,
  sessionId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ authenticated_at: at, updated_at: at })
    .where('id', '=', sessionId)
    .execute();
}

/** Up to `limit` failure times of a key after `since`, oldest first (table failed_attempts). */
export async function findFailuresSince(
  db: Executor,
  key: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('failed_attempts')
    .select('failed_at')
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.failed_at);
}

/** Records a key's failure at `at`, first removing its failures at or before `forgetUpTo`. */
export async function recordFailure(
  db: Executor,
  key: string,
  at: string,
  forgetUpTo: string,
): Promise<void> {
  await db
    .deleteFrom('failed_attempts')
    .where('key', '=', key)
    .where('failed_at', '<=', forgetUpTo)
    .execute();
  await db.insertInto('failed_attempts').values({ key, failed_at: at }).execute();
}
