import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/** Users, with the role that replaces a hard-coded admin id (docs/glossary.md#admins). */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text')
    .addColumn('image', 'text')
    .addColumn('first_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('funnel_stage', 'text', (c) => c.notNull().defaultTo('signup'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('subscription_tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('quota_minutes_total', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('quota_minutes_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripe_customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('subscription_expires_at', 'text')
    .addColumn('last_payment_date', 'text')
    .addColumn('stripe_price_id', 'text')
    .addColumn('override_status', 'text')
    .addColumn('override_tier', 'text')
    .addColumn('override_expires_at', 'text')
    .addColumn('override_created_at', 'text')
    .addColumn('override_created_by', 'text')
    .addColumn('override_reason', 'text')
    .execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema
    .createIndex('users_stripe_customer_id')
    .on('users')
    .column('stripe_customer_id')
    .execute();
}
