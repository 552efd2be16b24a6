import { sql } from 'kysely';
import type { Executor } from '../../db/connection';

/** Asks the database the smallest question there is; throws when it cannot answer. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
