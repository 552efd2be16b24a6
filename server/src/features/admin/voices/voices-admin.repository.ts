import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Dialect, Executor } from '../../../db/connection';
import { searchFilter } from '../admin-users.repository';

/**
 * One page of users for Voice Permissions, in email order after `after`, each with the voice ids
 * they are restricted to (null: none, every enabled voice). Two queries: the page of users by
 * the email index, then the permission rows of those users only.
 */
export async function listUsersWithVoicePermissions(
  db: Executor,
  dialect: Dialect,
  options: { q?: string; after?: string; limit: number },
): Promise<{ userId: string; email: string; voiceIds: string[] | null }[]> {
  let query = db.selectFrom('users').select(['id', 'email']);
  const q = options.q?.trim();
  if (q) query = query.where((eb) => searchFilter(eb, dialect, q));
  if (options.after !== undefined) query = query.where('email', '>', options.after);
  const users = await query.orderBy('email').limit(options.limit).execute();
  if (users.length === 0) return [];
  const rows = await db
    .selectFrom('voice_permissions')
    .select(['user_id', 'voice_id'])
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('voice_id')
    .execute();
  const byUser = new Map<string, string[]>();
  for (const r of rows) {
    const list = byUser.get(r.user_id);
    if (list) list.push(r.voice_id);
    else byUser.set(r.user_id, [r.voice_id]);
  }
  return users.map((u) => ({ userId: u.id, email: u.email, voiceIds: byUser.get(u.id) ?? null }));
}

/** Users are given the bulk list this many at a time, the event loop free between batches. */
const BULK_BATCH_USERS = 2000;

/**
 * Gives every user the same voice list (an empty list lifts every restriction). Runs inside the
 * caller's transaction, in batches of users by id with a turn of the event loop between them, so
 * 100,000 users never hold the loop for long. Returns how many users there are.
 */
export async function replaceAllVoicePermissions(
  db: Executor,
  voiceIds: string[],
  now: string,
): Promise<number> {
  let after = '';
  let users = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('users')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BULK_BATCH_USERS)
        .execute()
    ).map((u) => u.id);
    if (ids.length === 0) break;
    users += ids.length;
    const first = after;
    after = ids[ids.length - 1]!;
    // Batch by batch, the delete too: permission rows belong to existing users only (cascade).
    await db
      .deleteFrom('voice_permissions')
      .where('user_id', '>', first)
      .where('user_id', '<=', after)
      .execute();
    if (voiceIds.length > 0) {
      // One INSERT ... SELECT per batch: the batch's users times the chosen voices.
      await db
        .insertInto('voice_permissions')
        .columns(['user_id', 'voice_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom(['users', 'voices'])
            .select(['users.id as user_id', 'voices.id as voice_id', eb.val(now).as('created_at')])
            .where('voices.id', 'in', voiceIds)
            .where('users.id', '>', first)
            .where('users.id', '<=', after),
        )
        .execute();
    }
    await yieldToLoop();
  }
  return users;
}
