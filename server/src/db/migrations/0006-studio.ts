import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/** The Studio: monthly allowance counter and ledger, generations, user preferences. */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  // PostgreSQL's `real` is 4 bytes (0.1 would read back as 0.100000001); SQLite's is 8.
  const float = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('usage_counters')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['user_id', 'month'])
    .execute();

  await db.schema
    .createTable('usage_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text')
    .addColumn('character_count', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_key', 'text')
    .addColumn('refund_of', 'text')
    .addColumn('duration', float)
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_ledger_user_key')
    .on('usage_ledger')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('usage_ledger_refund_of')
    .on('usage_ledger')
    .column('refund_of')
    .unique()
    .execute();
  await db.schema
    .createIndex('usage_ledger_user_month')
    .on('usage_ledger')
    .columns(['user_id', 'month'])
    .execute();
  await db.schema
    .createIndex('usage_ledger_created_at')
    .on('usage_ledger')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('voice_name', 'text', (c) => c.notNull())
    .addColumn('voice_gender', 'text')
    .addColumn('voice_accent', 'text')
    .addColumn('voice_age', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('duration', float)
    .addColumn('character_count', 'integer', (c) => c.notNull())
    .addColumn('script_id', 'text')
    .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('generations_user_live_created')
    .on('generations')
    .columns(['user_id', 'is_deleted', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('favorite_voice_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_voice_id', 'text')
    .addColumn('recent_voice_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_speed', float, (c) => c.notNull().defaultTo(1))
    .addColumn('default_stability', float, (c) => c.notNull().defaultTo(0.5))
    .addColumn('default_similarity', float, (c) => c.notNull().defaultTo(0.5))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
