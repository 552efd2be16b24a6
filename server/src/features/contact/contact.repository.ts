import type { Executor } from '../../db/connection';
import type { ContactMessagesTable } from '../../db/schema';

export async function insertContactMessage(db: Executor, row: ContactMessagesTable): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}
