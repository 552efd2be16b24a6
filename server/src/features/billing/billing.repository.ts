import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/connection';
import type { UsersTable } from '../../db/schema';
import type { TestCheckoutSessionsTable, TestSubscriptionsTable } from '../../db/schema-billing';

/** The whole users row, for the tier and subscription status (getSubscriptionStatus). */
export async function findSubscriptionUser(
  db: Executor,
  userId: string,
): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findBillingUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'role',
      'stripe_customer_id',
      'subscription_id',
      'subscription_status',
      'subscription_tier',
      'stripe_price_id',
      'subscription_expires_at',
      'last_payment_date',
      'plan',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findUserIdByCustomerId(
  db: Executor,
  customerId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Links a provider customer to a user that has none yet; returns the customer id now stored. */
export async function linkCustomer(
  db: Executor,
  userId: string,
  customerId: string,
  now: string,
): Promise<string | null> {
  await db
    .updateTable('users')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('stripe_customer_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

export async function updateUserSubscription(
  db: Executor,
  userId: string,
  values: Pick<
    Updateable<UsersTable>,
    | 'subscription_status'
    | 'subscription_tier'
    | 'subscription_id'
    | 'stripe_price_id'
    | 'subscription_expires_at'
    | 'plan'
    | 'stripe_customer_id'
    | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Moves the last payment date forward only, so an older payment event never rewinds it. */
export async function recordPaymentDate(
  db: Executor,
  userId: string,
  paidAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_payment_date: paidAt })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('last_payment_date', 'is', null), eb('last_payment_date', '<', paidAt)]),
    )
    .execute();
}

/** docs/glossary.md#S10: the event id under a unique key; false when it was already applied. */
export async function insertBillingEvent(
  db: Executor,
  row: { event_id: string; type: string; user_id: string | null; processed_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function hasBillingEvent(db: Executor, eventId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('billing_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst());
}

/** The last applied read for a user: its stamp, and the subscription it came from. */
export async function getSyncRow(db: Executor, userId: string) {
  return db
    .selectFrom('billing_subscription_sync')
    .select(['synced_at', 'subscription_id', 'subscription_created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function setSyncRow(
  db: Executor,
  userId: string,
  values: { synced_at: string; subscription_id: string; subscription_created_at: string | null },
): Promise<void> {
  await db
    .insertInto('billing_subscription_sync')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function insertTestCheckoutSession(
  db: Executor,
  row: TestCheckoutSessionsTable,
): Promise<void> {
  await db.insertInto('test_checkout_sessions').values(row).execute();
}

export async function findTestCheckoutSession(db: Executor, id: string) {
  return db
    .selectFrom('test_checkout_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Closes an open session; false when it was no longer open (a second Pay or Cancel). */
export async function closeTestCheckoutSession(
  db: Executor,
  id: string,
  values: { status: 'complete' | 'expired'; subscription_id: string | null; completed_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('test_checkout_sessions')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's test-mode checkout sessions that can still be paid. */
export async function listOpenTestCheckoutSessions(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('test_checkout_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
  return rows.map((r) => r.id);
}

export async function listActiveTestSubscriptions(db: Executor, customerId: string) {
  return db
    .selectFrom('test_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .execute();
}

export async function insertTestSubscription(
  db: Executor,
  row: TestSubscriptionsTable,
): Promise<void> {
  await db.insertInto('test_subscriptions').values(row).execute();
}

export async function findTestSubscription(db: Executor, id: string) {
  return db.selectFrom('test_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTestSubscription(
  db: Executor,
  id: string,
  values: Pick<
    Updateable<TestSubscriptionsTable>,
    'cancel_at_period_end' | 'status' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('test_subscriptions').set(values).where('id', '=', id).execute();
}
