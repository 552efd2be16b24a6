import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Sessions, sign-in methods and one-time tokens for the accounts feature, laid out as
 * better-auth's session/account/verification models mapped onto snake_case columns
 * (docs/decisions/010-accounts-on-better-auth.md). Session tokens and verification
 * identifiers are stored only as SHA-256 digests.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_sessions_user_id')
    .on('auth_sessions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('password', 'text')
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', 'text')
    .addColumn('refresh_token_expires_at', 'text')
    .addColumn('scope', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_accounts_user_id')
    .on('auth_accounts')
    .column('user_id')
    .execute();
  // One sign-in method of each kind per user (two tabs setting a password: one wins).
  await db.schema
    .createIndex('auth_accounts_provider_account')
    .on('auth_accounts')
    .columns(['provider_id', 'account_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('auth_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_verifications_identifier')
    .on('auth_verifications')
    .column('identifier')
    .execute();
}
