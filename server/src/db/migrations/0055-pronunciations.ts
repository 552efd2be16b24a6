import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * How a user wants words said (issue 35, decision 322): word -> respelling, in the user's own
 * list (scope '') or one script's (scope = the script's id, removed with it). One entry per word
 * and list, found by the word in lower case.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pronunciations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('script_id', 'text', (c) => c.references('scripts.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('word_key', 'text', (c) => c.notNull())
    .addColumn('respelling', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pronunciations_word')
    .on('pronunciations')
    .columns(['user_id', 'scope', 'word_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('pronunciations_script')
    .on('pronunciations')
    .column('script_id')
    .execute();
}
