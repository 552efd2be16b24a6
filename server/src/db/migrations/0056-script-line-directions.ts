import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The directions a spoken line's parentheticals name ("quietly+fast"), prepared with the line
 * (decision 320), so a line's audio is directed without reading the script. Null for sets
 * prepared before: they are read plain until the script is saved again.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('script_lines').addColumn('directions', 'text').execute();
}
