import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/connection';
import type { MessagesTable } from '../../db/schema-admin';

export type MessageRow = Selectable<MessagesTable>;

export async function insertMessage(db: Executor, row: Insertable<MessagesTable>): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** A message by id (no owner check: for the sender, right after writing it). */
export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The email of the user a message is for; undefined when there is no such user. */
export async function findRecipientEmail(
  db: Executor,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email;
}

/** The user's messages that have not expired, newest first. */
export async function listInbox(db: Executor, userId: string, nowIso: string, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Executor, userId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's own message read (first read time kept); false when it is not theirs. */
export async function markRead(
  db: Executor,
  userId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('messages')
    .set((eb) => ({ is_read: 1, read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteMessage(db: Executor, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('messages')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
