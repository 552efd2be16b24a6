import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * When a charge became final (decision 260): set when its reading's first audio is handed on.
 * A replay of the charge's key may answer it only once it is committed, and a charge that is
 * committed is never refunded whole. Every charge that still holds its key was made before this
 * column and counts as committed (it was either delivered or its process is gone).
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('usage_ledger').addColumn('committed_at', 'text').execute();
  await db
    .updateTable('usage_ledger')
    .set((eb) => ({ committed_at: eb.ref('created_at') }))
    .where('kind', '=', 'charge')
    .where('idempotency_key', 'is not', null)
    .execute();
}
