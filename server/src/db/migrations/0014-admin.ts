import { sql } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The admin control center around people (docs/decisions/170-admin-users-list-in-sql.md):
 * - `admin_logs`: one row per admin action, written in the same transaction as its effect.
 * - `messages`: admin-to-user messages (the user's inbox).
 * - per-user reading totals on `users`, kept by a trigger on `generations` (every writer of a
 *   reading is counted, in the writer's own transaction), so the admin list sorts and filters
 *   100,000 users by recordings or characters with an index instead of an aggregate.
 * - `generations.is_test`: readings made by the diagnostics, left out of the dashboard's counts.
 * - `auth_sessions.authenticated_at`: when the session's owner last proved who they are
 *   (sign-in, or re-entering the password / a fresh magic link), for the admin re-auth rule.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const autoId =
    dialect === 'postgres'
      ? db.schema.createTable('admin_logs').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('admin_logs')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await autoId
    .addColumn('admin_id', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_logs_created')
    .on('admin_logs')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_logs_action_created')
    .on('admin_logs')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('admin_logs_target_created')
    .on('admin_logs')
    .columns(['target_user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('admin_logs_admin_created')
    .on('admin_logs')
    .columns(['admin_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'text', (c) => c.notNull())
    .addColumn('sent_by_email', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('messages_user_sent')
    .on('messages')
    .columns(['user_id', 'sent_at'])
    .execute();

  await db.schema
    .alterTable('generations')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('auth_sessions').addColumn('authenticated_at', 'text').execute();

  for (const [name, type] of [
    ['recordings_count', 'integer'],
    ['characters_total', 'integer'],
  ] as const) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('users').addColumn('first_recording_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_recording_at', 'text').execute();

  // Readings made before this migration.
  await sql`
    UPDATE users SET
      recordings_count = (SELECT count(*) FROM generations g WHERE g.user_id = users.id),
      characters_total = (SELECT coalesce(sum(g.character_count), 0) FROM generations g WHERE g.user_id = users.id),
      first_recording_at = (SELECT min(g.created_at) FROM generations g WHERE g.user_id = users.id),
      last_recording_at = (SELECT max(g.created_at) FROM generations g WHERE g.user_id = users.id)
  `.execute(db);

  const countReading = sql`
    UPDATE users SET
      recordings_count = recordings_count + 1,
      characters_total = characters_total + NEW.character_count,
      first_recording_at = CASE WHEN first_recording_at IS NULL OR NEW.created_at < first_recording_at
        THEN NEW.created_at ELSE first_recording_at END,
      last_recording_at = CASE WHEN last_recording_at IS NULL OR NEW.created_at > last_recording_at
        THEN NEW.created_at ELSE last_recording_at END
    WHERE id = NEW.user_id;`;
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION users_count_reading() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${countReading} RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER generations_count_reading AFTER INSERT ON generations
      FOR EACH ROW EXECUTE FUNCTION users_count_reading()`.execute(db);
  } else {
    await sql`CREATE TRIGGER generations_count_reading AFTER INSERT ON generations
      BEGIN ${countReading} END`.execute(db);
  }

  // The admin list's sorts and filters (each ends in id, the tie-breaker of every order).
  if (dialect === 'postgres') {
    // Prefix search with LIKE needs pattern ops whatever the database's collation is; and a
    // never-signed-in user sorts as the oldest sign-in (nulls first ascending, as on SQLite).
    await sql`CREATE INDEX users_email_prefix ON users (email text_pattern_ops)`.execute(db);
    await sql`CREATE INDEX users_last_sign_in ON users (last_sign_in_at ASC NULLS FIRST, id)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex('users_last_sign_in')
      .on('users')
      .columns(['last_sign_in_at', 'id'])
      .execute();
  }
  await db.schema
    .createIndex('users_created_id')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('users_recordings')
    .on('users')
    .columns(['recordings_count', 'id'])
    .execute();
  await db.schema
    .createIndex('users_characters')
    .on('users')
    .columns(['characters_total', 'id'])
    .execute();
}
