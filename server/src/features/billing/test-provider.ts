import { checkoutAmount } from '@doublecast/common/billing';
import type { PlanConfig, PlanKey } from '@doublecast/common/plans';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { addUtcMonths, addUtcYears } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/ids';
import type { PaymentProvider, SubscriptionSnapshot } from './payment-provider';
import * as repo from './billing.repository';

/** Price ids of the built-in test mode, standing in for Stripe's. */
export const TEST_PRICE_IDS = {
  monthly: 'price_test_monthly',
  annual: 'price_test_annual',
} as const;

/** The test-mode checkout page in the web app. */
export const TEST_CHECKOUT_PATH = '/checkout/test';

/**
 * The built-in test mode (docs/glossary.md#billing-modes): with no Stripe keys the server holds the
 * checkout sessions and subscriptions itself. Paying is a server-side step on a session the
 * server created, never the browser's word (see test-checkout.service.ts).
 */
export function createTestProvider(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  plans: PlanConfig;
}): PaymentProvider {
  const toSnapshot = (
    row: NonNullable<Awaited<ReturnType<typeof repo.findTestSubscription>>>,
  ): SubscriptionSnapshot => ({
    id: row.id,
    customerId: row.customer_id,
    userId: row.user_id,
    status: row.status,
    priceId: row.price_id,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    endedAt: null,
    createdAt: row.created_at,
  });
  return {
    kind: 'test',
    async createCustomer({ userId }) {
      return `cus_test_${userId}`;
    },
    async createCheckoutSession({ userId, customerId, plan, priceId }) {
      const id = `cs_test_${randomToken(18)}`;
      await repo.insertTestCheckoutSession(deps.db.kysely, {
        id,
        user_id: userId,
        customer_id: customerId,
        plan,
        price_id: priceId,
        amount: checkoutAmount(plan, deps.plans, deps.clock.now()),
        currency: 'usd',
        status: 'open',
        subscription_id: null,
        created_at: deps.clock.now().toISOString(),
        completed_at: null,
      });
      const url = new URL(TEST_CHECKOUT_PATH, deps.appUrl);
      url.searchParams.set('session_id', id);
      return { id, url: url.toString() };
    },
    async retrieveCheckoutSession(id) {
      const row = await repo.findTestCheckoutSession(deps.db.kysely, id);
      if (!row) return null;
      return {
        id: row.id,
        userId: row.user_id,
        status: row.status,
        paid: row.status === 'complete',
        customerId: row.customer_id,
        subscriptionId: row.subscription_id,
      };
    },
    async listOpenCheckoutSessions({ userId }) {
      return repo.listOpenTestCheckoutSessions(deps.db.kysely, userId);
    },
    async expireCheckoutSession(id) {
      await repo.closeTestCheckoutSession(deps.db.kysely, id, {
        status: 'expired',
        subscription_id: null,
        completed_at: deps.clock.now().toISOString(),
      });
      const row = await repo.findTestCheckoutSession(deps.db.kysely, id);
      return row?.status === 'complete' ? 'complete' : 'expired';
    },
    async listLiveSubscriptions(customerId) {
      return (await repo.listActiveTestSubscriptions(deps.db.kysely, customerId)).map(toSnapshot);
    },
    async retrieveSubscription(id) {
      const row = await repo.findTestSubscription(deps.db.kysely, id);
      return row ? toSnapshot(row) : null;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await repo.updateTestSubscription(deps.db.kysely, subscriptionId, {
        cancel_at_period_end: cancel ? 1 : 0,
        updated_at: deps.clock.now().toISOString(),
      });
      const row = await repo.findTestSubscription(deps.db.kysely, subscriptionId);
      if (!row) throw new AppError('not-found', 'Subscription not found');
      return toSnapshot(row);
    },
    async createPortalSession() {
      throw new AppError('not-found', 'The billing portal is not available in test mode');
    },
  };
}

/**
 * The end of a paid period that starts at `from`: one calendar month or year later (UTC), as
 * Stripe bills: a month from 31 January ends on the last day of February.
 */
export function periodEnd(from: Date, plan: PlanKey): string {
  return (plan === 'annual' ? addUtcYears(from, 1) : addUtcMonths(from, 1)).toISOString();
}
