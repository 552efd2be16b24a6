import { sql } from 'kysely';
import type { Executor } from '../../db/connection';
import type { GenerationsTable } from '../../db/schema-studio';

export async function insertGeneration(db: Executor, row: GenerationsTable): Promise<void> {
  await db
    .insertInto('generations')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function listLiveGenerations(
  db: Executor,
  userId: string,
  limit: number,
): Promise<GenerationsTable[]> {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findGeneration(
  db: Executor,
  id: string,
): Promise<GenerationsTable | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function softDeleteGeneration(
  db: Executor,
  options: { id: string; userId: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('generations')
    .set({ is_deleted: 1, deleted_at: options.now, updated_at: options.now })
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Bytes of the user's live readings (deleted ones no longer count). */
export async function sumLiveAudioBytes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('generations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql<number>`0`).as('bytes'))
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
