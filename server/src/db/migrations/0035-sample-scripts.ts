import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * A new user's sample scene (issue 30) is marked, so it is labelled as a sample and left out of
 * the script quota until the user changes its text.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('scripts')
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
