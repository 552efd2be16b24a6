import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Failed password attempts (docs/decisions/175-admin-sessions-and-shared-failure-count.md): the
 * limit of 20 failures an hour per admin on re-authentication holds across every server
 * process sharing the database, and across restarts, instead of per process.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const table =
    dialect === 'postgres'
      ? db.schema.createTable('failed_attempts').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('failed_attempts')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('failed_attempts_key_at')
    .on('failed_attempts')
    .columns(['key', 'failed_at'])
    .execute();
}
