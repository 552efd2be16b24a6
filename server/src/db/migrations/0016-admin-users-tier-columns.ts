import { sql } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/** Later than any real date: "no end" in the generated columns below. */
const FOREVER = sql.lit('9999-12-31T23:59:59.999Z');

/**
 * The admin users list filters 100,000 users by tier in SQL with indexes
 * (docs/decisions/174-admin-users-list-at-scale.md). The tier that counts (docs/glossary.md#tiers,
 * `resolveTier`) depends on the time, so no stored tier can stay right; but it is decided by
 * three instants that depend on the row alone, kept by the database as generated columns
 * (virtual on SQLite, stored on PostgreSQL) and indexed:
 * - `override_until`: an active override (status active, a tier) ends then (FOREVER without an
 *   expiry); NULL when there is none. The "overridden" filter is `override_until > now`.
 * - `tier_override_until`: the same for non-admins (an admin is paid whatever the override), the
 *   instant until which `override_tier` decides the tier.
 * - `paid_subscription_until`: the subscription (or the admin role) makes the user paid until
 *   then: FOREVER for admins and active paid subscriptions, the period end of a canceled or
 *   past-due paid one, NULL otherwise.
 * Paid now is `(tier_override_until > now AND override_tier = 'paid') OR (no override deciding AND
 * paid_subscription_until > now)`: both halves are index ranges.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const activeOverride = sql`override_status = 'active' AND override_tier IS NOT NULL`;
  const columns = {
    override_until: sql`CASE WHEN ${activeOverride}
      THEN coalesce(override_expires_at, ${FOREVER}) END`,
    tier_override_until: sql`CASE WHEN role <> 'admin' AND ${activeOverride}
      THEN coalesce(override_expires_at, ${FOREVER}) END`,
    paid_subscription_until: sql`CASE WHEN role = 'admin' THEN ${FOREVER}
      WHEN subscription_tier = 'paid' AND subscription_status = 'active' THEN ${FOREVER}
      WHEN subscription_tier = 'paid' AND subscription_status IN ('canceled', 'past_due')
      THEN subscription_expires_at END`,
  };
  for (const [name, expression] of Object.entries(columns)) {
    // SQLite adds only virtual generated columns to an existing table; PostgreSQL only stored.
    await db.schema
      .alterTable('users')
      .addColumn(name, 'text', (c) => {
        const generated = c.generatedAlwaysAs(expression);
        return dialect === 'postgres' ? generated.stored() : generated;
      })
      .execute();
  }
  // The "overridden" filter and the paid filter's two halves, as index ranges.
  const indexes: [string, string[]][] = [
    ['users_override_until', ['override_until', 'created_at']],
    ['users_tier_override', ['tier_override_until', 'override_tier']],
    [
      'users_paid_subscription',
      ['paid_subscription_until', 'tier_override_until', 'override_tier'],
    ],
  ];
  for (const [name, cols] of indexes)
    await db.schema.createIndex(name).on('users').columns(cols).execute();

  // One index per sort order (0014's, replaced), each ending in every column the filters read:
  // a page is a walk down the order that tests each user in the index itself, and reads the
  // table only for the 50 rows it keeps, however few users match.
  const filterColumns = [
    'last_sign_in_at',
    'subscription_status',
    'override_until',
    'tier_override_until',
    'override_tier',
    'paid_subscription_until',
  ];
  const sorts: [string, string][] = [
    ['users_created_id', 'created_at'],
    ['users_email_order', 'email'],
    ['users_last_sign_in', 'last_sign_in_at'],
    ['users_recordings', 'recordings_count'],
    ['users_characters', 'characters_total'],
  ];
  for (const [name, lead] of sorts) {
    await db.schema.dropIndex(name).ifExists().execute();
    const rest = filterColumns.filter((c) => c !== lead);
    // PostgreSQL: a never-signed-in user sorts as the oldest sign-in (nulls first ascending).
    const first =
      dialect === 'postgres' && lead === 'last_sign_in_at'
        ? sql`last_sign_in_at ASC NULLS FIRST`
        : sql.ref(lead);
    await sql`CREATE INDEX ${sql.id(name)} ON users (${first}, id, ${sql.join(rest.map((c) => sql.ref(c)))})`.execute(
      db,
    );
  }

  // The unfiltered total, exact without reading 100,000 rows: PostgreSQL's count(*) scans them
  // all (30-60 ms on a busy machine). Kept by triggers, so every writer of users is counted.
  await db.schema
    .createTable('user_totals')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('users', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO user_totals (id, users) SELECT 1, count(*) FROM users`.execute(db);
  if (dialect === 'postgres') {
    // Per statement, so a batch insert moves the one row once.
    await sql`CREATE FUNCTION user_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE user_totals SET users = users + (SELECT count(*) FROM added) WHERE id = 1;
      RETURN NULL; END $$`.execute(db);
    await sql`CREATE FUNCTION user_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE user_totals SET users = users - (SELECT count(*) FROM removed) WHERE id = 1;
      RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER users_total_insert AFTER INSERT ON users
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_totals_add()`.execute(
      db,
    );
    await sql`CREATE TRIGGER users_total_delete AFTER DELETE ON users
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_totals_remove()`.execute(
      db,
    );
  } else {
    await sql`CREATE TRIGGER users_total_insert AFTER INSERT ON users
      BEGIN UPDATE user_totals SET users = users + 1 WHERE id = 1; END`.execute(db);
    await sql`CREATE TRIGGER users_total_delete AFTER DELETE ON users
      BEGIN UPDATE user_totals SET users = users - 1 WHERE id = 1; END`.execute(db);
  }
}
