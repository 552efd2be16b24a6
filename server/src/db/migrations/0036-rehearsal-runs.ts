import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Rehearsal runs (issue 30): one row per finished run of a script, with the accuracy of each of
 * the actor's lines as JSON. At most 500 per script and 5,000 per user are kept (the oldest
 * go); a script's or user's deletion takes its runs with it.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rehearsal_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('checked_count', 'integer', (c) => c.notNull())
    .addColumn('accuracy', 'real')
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A script's runs newest first (list, trouble spots, trimming to 500)...
  await db.schema
    .createIndex('rehearsal_runs_script_created')
    .on('rehearsal_runs')
    .columns(['user_id', 'script_id', 'created_at', 'id'])
    .execute();
  // ...and a user's oldest first (trimming to 5,000).
  await db.schema
    .createIndex('rehearsal_runs_user_created')
    .on('rehearsal_runs')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}
