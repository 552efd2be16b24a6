import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/** Scripts (docs/glossary.md#scripts) and the ledger of rehearsal lines already paid for. */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('scripts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo('Untitled Script'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('characters', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('analysis', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('character_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_opened_at', 'text')
    .execute();
  await db.schema
    .createIndex('scripts_user_updated')
    .on('scripts')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('rehearsal_charges')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('charge_key', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('reservation_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rehearsal_charges_pk', ['user_id', 'charge_key'])
    .execute();
}
