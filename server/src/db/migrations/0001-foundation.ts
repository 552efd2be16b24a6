import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';
import { autoIncrementId } from './column-types';

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unread'))
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_created_at')
    .on('contact_messages')
    .column('created_at')
    .execute();

  await autoIncrementId(dialect, db.schema.createTable('analytics_events'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_name_created_at')
    .on('analytics_events')
    .columns(['name', 'created_at'])
    .execute();
}
