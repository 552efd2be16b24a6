import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Rate-limit windows that several server processes share when they run on PostgreSQL (decision
 * 241): one row per limit and key. On SQLite one process keeps them in memory and the table stays
 * empty. (Failed sign-ins use failed_attempts, migration 0026.)
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch, from the app's clock.
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_ends')
    .on('rate_limit_windows')
    .column('ends_at_ms')
    .execute();
}
