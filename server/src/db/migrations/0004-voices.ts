import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/** Voice rows, per-user voice permissions and provider request metrics. */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_voice_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text')
    .addColumn('best_for', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('provider_preview_url', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('category_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('voices_provider_voice', ['provider', 'provider_voice_id'])
    .execute();

  await db.schema
    .createTable('voice_permissions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('voice_id', 'text', (c) => c.notNull().references('voices.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('voice_permissions_pk', ['user_id', 'voice_id'])
    .execute();

  await db.schema
    .createTable('voice_provider_metrics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('provider_request_id', 'text')
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('voice_name', 'text', (c) => c.notNull())
    .addColumn('character_count', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('first_byte_ms', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('credits_used', 'integer')
    .addColumn('endpoint', 'text', (c) => c.notNull().defaultTo('text-to-speech'))
    .addColumn('model_id', 'text')
    .addColumn('request_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('voice_provider_metrics_created_at')
    .on('voice_provider_metrics')
    .column('created_at')
    .execute();
}
