import type { Executor } from '../../db/connection';
import type { ContactMessagesTable } from '../../db/schema';

export async function insertContactMessage(db: Executor, row: ContactMessagesTable): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

export async function listContactMessages(
  db: Executor,
  limit = 100,
): Promise<ContactMessagesTable[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
