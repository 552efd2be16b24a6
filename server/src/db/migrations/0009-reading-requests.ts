import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * One row per Idempotency-Key a user sent to a charged route, bound to a hash of the request it
 * came with (docs/decisions/100-idempotency-keys-bound-to-the-request.md).
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('reading_requests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('generation_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_requests_pk', ['user_id', 'route', 'idempotency_key'])
    .execute();
}
