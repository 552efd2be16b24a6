import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The history page (docs/glossary.md#P2) orders a user's live readings by `created_at` and then
 * `id`; the index of 0006 ended at `created_at`, so every page sorted its rows in a temporary
 * b-tree. This one carries `id` too and serves every query the old one did (same leading
 * columns), so the old one goes.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('generations_user_live_page')
    .on('generations')
    .columns(['user_id', 'is_deleted', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('generations_user_live_created').execute();
}
