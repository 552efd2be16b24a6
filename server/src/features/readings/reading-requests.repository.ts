import type { Executor } from '../../db/connection';
import type { ReadingRequestsTable } from '../../db/schema-readings';

type RequestId = Pick<ReadingRequestsTable, 'user_id' | 'route' | 'idempotency_key'>;

/** Inserts the row unless the key is already taken; true when this call took it. */
export async function insertRequest(db: Executor, row: ReadingRequestsTable): Promise<boolean> {
  const result = await db
    .insertInto('reading_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'route', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findRequest(
  db: Executor,
  id: RequestId,
): Promise<ReadingRequestsTable | undefined> {
  return db
    .selectFrom('reading_requests')
    .selectAll()
    .where('user_id', '=', id.user_id)
    .where('route', '=', id.route)
    .where('idempotency_key', '=', id.idempotency_key)
    .executeTakeFirst();
}

export async function updateRequest(
  db: Executor,
  id: RequestId,
  values: Pick<ReadingRequestsTable, 'state' | 'generation_id' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('reading_requests')
    .set(values)
    .where('user_id', '=', id.user_id)
    .where('route', '=', id.route)
    .where('idempotency_key', '=', id.idempotency_key)
    .execute();
}

export async function deleteRequest(db: Executor, id: RequestId): Promise<void> {
  await db
    .deleteFrom('reading_requests')
    .where('user_id', '=', id.user_id)
    .where('route', '=', id.route)
    .where('idempotency_key', '=', id.idempotency_key)
    .execute();
}
