import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Which provider subscription the user's stored state came from, and when the provider created
 * it, so an older subscription never replaces a newer one
 * (docs/decisions/112-one-open-checkout-and-no-state-rollback.md).
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('billing_subscription_sync')
    .addColumn('subscription_id', 'text')
    .execute();
  await db.schema
    .alterTable('billing_subscription_sync')
    .addColumn('subscription_created_at', 'text')
    .execute();
}
