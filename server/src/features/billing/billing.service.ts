import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import {
  CHECKOUT_ERRORS,
  checkoutStartedEvents,
  planForPriceId,
  purchaseEvents,
  type SubscriptionStatusResponse,
  type TestCheckout,
  type VerifySessionResponse,
} from '@doublecast/common/billing';
import type { PlanKey } from '@doublecast/common/plans';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { trackEvent } from '../analytics';
import type { PaymentProvider } from './payment-provider';
import {
  createStripeClient,
  createStripeProvider,
  invoiceSubscriptionId,
  WEBHOOK_TOLERANCE_SECONDS,
} from './stripe-provider';
import {
  applySubscriptionSnapshot,
  getSubscriptionStatus,
  newSyncStamp,
  type ApplyResult,
} from './subscription.service';
import { createTestProvider, periodEnd, TEST_PRICE_IDS } from './test-provider';
import * as repo from './billing.repository';

export interface Billing {
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'env' | 'plans'>;
  provider: PaymentProvider;
  priceIds: { monthly: string; annual: string };
  /** The Stripe client for webhook verification; null in test mode. */
  stripe: Stripe | null;
  /** The tail of each user's queue of checkout starts (one at a time per user, this process). */
  checkoutQueues: Map<string, Promise<void>>;
}

/** Chooses the payments adapter from configuration: Stripe with keys, else the test mode. */
export function createBilling(ctx: Billing['ctx']): Billing {
  const { env } = ctx;
  if (env.STRIPE_SECRET_KEY) {
    const stripe = createStripeClient({
      secretKey: env.STRIPE_SECRET_KEY,
      apiBase: env.STRIPE_API_BASE,
    });
    return {
      ctx,
      stripe,
      provider: createStripeProvider(stripe),
      priceIds: { monthly: env.STRIPE_PRICE_MONTHLY ?? '', annual: env.STRIPE_PRICE_ANNUAL ?? '' },
      checkoutQueues: new Map(),
    };
  }
  return {
    ctx,
    stripe: null,
    provider: createTestProvider({
      db: ctx.db,
      clock: ctx.clock,
      appUrl: env.APP_URL,
      plans: ctx.plans,
    }),
    priceIds: { ...TEST_PRICE_IDS },
    checkoutQueues: new Map(),
  };
}

const ALREADY_SUBSCRIBED =
  'You already have an active subscription. You can manage it from your account.';

/**
 * Runs `task` after every earlier task queued under `key` has settled, so a user's checkout
 * starts never overlap. In-process only (docs/decisions/112-one-open-checkout-and-no-state-rollback.md).
 */
async function oneAtATime<T>(
  queues: Map<string, Promise<void>>,
  key: string,
  task: () => Promise<T>,
): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = before.then(() => mine);
  queues.set(key, tail);
  await before;
  try {
    return await task();
  } finally {
    done();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

function appUrl(billing: Billing, path: string): string {
  return new URL(path, billing.ctx.env.APP_URL).toString();
}

/**
 * Starts checkout for a signed-in user and returns the provider's address. The success and
 * cancel addresses are the server's own, never taken from the browser
 * (docs/decisions/051-checkout-through-the-server.md). A user has at most one open checkout:
 * the older open ones are expired at the provider before a new one is created, and a user who
 * already pays at the provider is refused (docs/decisions/112-one-open-checkout-and-no-state-rollback.md).
 */
export async function createCheckout(
  billing: Billing,
  options: { userId: string; email: string; plan: PlanKey },
): Promise<{ url: string }> {
  const { ctx } = billing;
  const priceId = billing.priceIds[options.plan];
  if (!priceId) {
    ctx.log.error({ plan: options.plan }, 'no Stripe price id configured for this plan');
    throw new AppError('unavailable', CHECKOUT_ERRORS.failed);
  }
  return oneAtATime(billing.checkoutQueues, options.userId, () =>
    startCheckout(billing, { ...options, priceId }),
  );
}

async function startCheckout(
  billing: Billing,
  options: { userId: string; email: string; plan: PlanKey; priceId: string },
): Promise<{ url: string }> {
  const { ctx, provider } = billing;
  const status = await getSubscriptionStatus(ctx, options.userId);
  if (status.stripeStatus === 'active' && status.subscriptionId) {
    throw new AppError('aborted', ALREADY_SUBSCRIBED);
  }
  try {
    let customerId = status.customerId;
    if (!customerId) {
      const created = await provider.createCustomer({
        userId: options.userId,
        email: options.email,
      });
      customerId = await repo.linkCustomer(
        ctx.db.kysely,
        options.userId,
        created,
        ctx.clock.now().toISOString(),
      );
    }
    if (!customerId) throw new Error('customer could not be linked');
    await refuseIfPaying(billing, { userId: options.userId, customerId });
    for (const older of await provider.listOpenCheckoutSessions({
      userId: options.userId,
      customerId,
    })) {
      // Paid before it could be expired: that payment stands, and no second one is started.
      if ((await provider.expireCheckoutSession(older)) === 'complete')
        throw new AppError('aborted', ALREADY_SUBSCRIBED);
    }
    const session = await provider.createCheckoutSession({
      userId: options.userId,
      customerId,
      plan: options.plan,
      priceId: options.priceId,
      successUrl: `${appUrl(billing, '/subscribe/success')}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: appUrl(billing, '/subscribe/cancel'),
    });
    if (!session.url) throw new AppError('unavailable', CHECKOUT_ERRORS.noUrl);
    // Checkout events come from the server, for sessions it really created (never /api/events).
    for (const event of checkoutStartedEvents(options.plan))
      await trackEvent(ctx, {
        name: event.name,
        userId: options.userId,
        properties: event.properties,
      });
    return { url: session.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.error({ err }, 'checkout session creation failed');
    throw new AppError('unavailable', CHECKOUT_ERRORS.failed);
  }
}

/**
 * The provider may know of a payment our state has not seen yet (a webhook still on its way):
 * a subscription that is active and not ending is stored, and a new checkout refused.
 */
async function refuseIfPaying(
  billing: Billing,
  options: { userId: string; customerId: string },
): Promise<void> {
  const syncedAt = newSyncStamp();
  const live = (await billing.provider.listLiveSubscriptions(options.customerId)).find(
    (s) => (s.status === 'active' || s.status === 'trialing') && !s.cancelAtPeriodEnd,
  );
  if (!live) return;
  await applySubscriptionSnapshot(billing.ctx, {
    snapshot: live,
    syncedAt,
    priceIds: billing.priceIds,
    userId: options.userId,
  });
  throw new AppError('aborted', ALREADY_SUBSCRIBED);
}

/**
 * The success page's check: the session must be the caller's and complete; the subscription is
 * then read from the provider and stored (never the browser's word).
 */
export async function verifyCheckoutSession(
  billing: Billing,
  options: { userId: string; sessionId: string },
): Promise<VerifySessionResponse> {
  const { ctx, provider } = billing;
  const syncedAt = newSyncStamp();
  let session;
  try {
    session = await provider.retrieveCheckoutSession(options.sessionId);
  } catch (err) {
    ctx.log.error({ err }, 'checkout session lookup failed');
    throw new AppError('unavailable', CHECKOUT_ERRORS.verificationFailed);
  }
  if (!session || session.userId !== options.userId)
    throw new AppError('not-found', CHECKOUT_ERRORS.verificationFailed);
  if (session.status !== 'complete' || !session.paid || !session.subscriptionId) {
    throw new AppError('aborted', CHECKOUT_ERRORS.verificationFailed);
  }
  const snapshot = await provider.retrieveSubscription(session.subscriptionId);
  if (!snapshot) throw new AppError('aborted', CHECKOUT_ERRORS.verificationFailed);
  await applySubscriptionSnapshot(ctx, {
    snapshot,
    syncedAt,
    priceIds: billing.priceIds,
    userId: options.userId,
  });
  await recordPurchase(billing, {
    sessionId: session.id,
    userId: options.userId,
    priceId: snapshot.priceId,
  });
  const status = await getSubscriptionStatus(ctx, options.userId);
  // The post-payment "identify" (docs/glossary.md#analytics): the user id with a SHA-256 of the email, never the email.
  await trackEvent(ctx, {
    name: 'identify',
    userId: options.userId,
    properties: {
      emailSha256: createHash('sha256').update(status.email.trim().toLowerCase()).digest('hex'),
      plan: status.plan,
    },
  });
  return {
    status: status.stripeStatus,
    tier: status.tier,
    plan: status.plan,
    priceId: status.priceId,
  };
}

/**
 * The purchase events of one paid checkout session (docs/glossary.md#analytics values, by the plan of the
 * paid price id), recorded by the server once, whichever of the test-mode Pay, verify-session or
 * the webhook sees the payment first: a `purchase:<session>` row in billing_events is the guard.
 */
async function recordPurchase(
  billing: Billing,
  options: { sessionId: string; userId: string; priceId: string | null },
): Promise<void> {
  const { ctx } = billing;
  const events = purchaseEvents(planForPriceId(options.priceId, billing.priceIds), ctx.plans);
  if (events.length === 0) {
    ctx.log.warn({ priceId: options.priceId }, 'unknown price id for the purchase event');
    return;
  }
  const fresh = await repo.insertBillingEvent(ctx.db.kysely, {
    event_id: `purchase:${options.sessionId}`,
    type: 'purchase',
    user_id: options.userId,
    processed_at: ctx.clock.now().toISOString(),
  });
  if (!fresh) return;
  for (const event of events)
    await trackEvent(ctx, {
      name: event.name,
      userId: options.userId,
      properties: event.properties,
    });
}

export async function describeSubscription(
  billing: Billing,
  options: { userId: string },
): Promise<SubscriptionStatusResponse> {
  const s = await getSubscriptionStatus(billing.ctx, options.userId);
  const hasOwnSubscription =
    !!s.subscriptionId &&
    (s.stripeStatus === 'active' || s.stripeStatus === 'past_due' || s.stripeStatus === 'canceled');
  return {
    tier: s.tier,
    status: s.stripeStatus,
    plan: s.plan,
    priceId: s.priceId,
    periodEnd: s.periodEnd,
    endsAtPeriodEnd: s.stripeStatus === 'canceled',
    lastPaymentDate: s.lastPaymentDate,
    overrideActive: s.overrideActive,
    provider: billing.provider.kind,
    canManage:
      billing.provider.kind === 'stripe'
        ? !!s.customerId
        : hasOwnSubscription && s.stripeStatus !== 'canceled',
  };
}

/** Schedules the end of the subscription at the period end (test mode's "Cancel anytime"). */
export async function cancelSubscription(
  billing: Billing,
  options: { userId: string },
): Promise<SubscriptionStatusResponse> {
  const { ctx, provider } = billing;
  const s = await getSubscriptionStatus(ctx, options.userId);
  if (!s.subscriptionId || (s.stripeStatus !== 'active' && s.stripeStatus !== 'past_due')) {
    throw new AppError('aborted', 'There is no active subscription to cancel');
  }
  const syncedAt = newSyncStamp();
  const snapshot = await provider.setCancelAtPeriodEnd(s.subscriptionId, true);
  await applySubscriptionSnapshot(ctx, {
    snapshot,
    syncedAt,
    priceIds: billing.priceIds,
    userId: options.userId,
  });
  return describeSubscription(billing, options);
}

export async function createPortalSession(
  billing: Billing,
  options: { userId: string },
): Promise<{ url: string }> {
  const s = await getSubscriptionStatus(billing.ctx, options.userId);
  if (billing.provider.kind !== 'stripe' || !s.customerId)
    throw new AppError('not-found', 'There is no billing account to manage');
  try {
    return {
      url: await billing.provider.createPortalSession({
        customerId: s.customerId,
        returnUrl: appUrl(billing, '/account'),
      }),
    };
  } catch (err) {
    billing.ctx.log.error({ err }, 'billing portal session failed');
    throw new AppError('unavailable', 'The billing portal is unavailable. Please try again.');
  }
}

/**
 * Applies one verified Stripe event. The subscription is always re-read from Stripe, so an
 * event that arrives late or twice cannot move the state backwards (docs/glossary.md#S10).
 */
export async function handleStripeEvent(
  billing: Billing,
  event: Stripe.Event,
): Promise<ApplyResult | 'ignored'> {
  const { ctx, provider } = billing;
  if (await repo.hasBillingEvent(ctx.db.kysely, event.id)) return 'duplicate';
  let subscriptionId: string | null = null;
  let userId: string | null = null;
  let paymentAt: string | null = null;
  let paidSessionId: string | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return 'ignored';
      subscriptionId =
        typeof session.subscription === 'string'
          ? session.subscription
          : (session.subscription?.id ?? null);
      userId = session.client_reference_id ?? null;
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
        paidSessionId = session.id;
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      subscriptionId = event.data.object.id;
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      subscriptionId = invoiceSubscriptionId(invoice);
      const paidAt = invoice.status_transitions?.paid_at ?? event.created;
      paymentAt = new Date(paidAt * 1000).toISOString();
      break;
    }
    case 'invoice.payment_failed':
      subscriptionId = invoiceSubscriptionId(event.data.object);
      break;
    default:
      return 'ignored';
  }
  if (!subscriptionId) return 'ignored';
  const syncedAt = newSyncStamp();
  const snapshot = await provider.retrieveSubscription(subscriptionId);
  const result = await applySubscriptionSnapshot(ctx, {
    snapshot,
    syncedAt,
    priceIds: billing.priceIds,
    event: { id: event.id, type: event.type },
    paymentAt,
    userId,
  });
  if (paidSessionId && snapshot) {
    const owner = await repo.findUserIdByCustomerId(ctx.db.kysely, snapshot.customerId);
    if (owner)
      await recordPurchase(billing, {
        sessionId: paidSessionId,
        userId: owner,
        priceId: snapshot.priceId,
      });
  }
  return result;
}

export function verifyStripeEvent(
  billing: Billing,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  const secret = billing.ctx.env.STRIPE_WEBHOOK_SECRET;
  if (!billing.stripe || !secret) throw new AppError('not-found', 'Stripe is not configured');
  if (!signature) throw new AppError('invalid-argument', 'Missing Stripe signature');
  try {
    return billing.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw new AppError('invalid-argument', 'Invalid Stripe signature');
  }
}

function toTestCheckout(
  row: NonNullable<Awaited<ReturnType<typeof repo.findTestCheckoutSession>>>,
): TestCheckout {
  return {
    id: row.id,
    plan: row.plan,
    amount: row.amount,
    currency: row.currency.toUpperCase(),
    interval: row.plan === 'annual' ? 'year' : 'month',
    status: row.status,
  };
}

async function ownTestSession(billing: Billing, options: { userId: string; sessionId: string }) {
  if (billing.provider.kind !== 'test')
    throw new AppError('not-found', 'Checkout session not found');
  const row = await repo.findTestCheckoutSession(billing.ctx.db.kysely, options.sessionId);
  if (!row || row.user_id !== options.userId)
    throw new AppError('not-found', 'Checkout session not found');
  return row;
}

export async function getTestCheckout(
  billing: Billing,
  options: { userId: string; sessionId: string },
): Promise<TestCheckout> {
  return toTestCheckout(await ownTestSession(billing, options));
}

/**
 * Test mode's Pay: the server completes the session it holds, creates the subscription in its
 * own store and applies it through the same state machine as a Stripe event. A second Pay of
 * the same session changes nothing.
 */
export async function payTestCheckout(
  billing: Billing,
  options: { userId: string; sessionId: string },
): Promise<{ url: string }> {
  const { ctx } = billing;
  const row = await ownTestSession(billing, options);
  const now = ctx.clock.now();
  const subscriptionId = `sub_test_${row.id.slice('cs_test_'.length)}`;
  await transaction(ctx.db, async (trx) => {
    const closed = await repo.closeTestCheckoutSession(trx, row.id, {
      status: 'complete',
      subscription_id: subscriptionId,
      completed_at: now.toISOString(),
    });
    if (!closed) return;
    await repo.insertTestSubscription(trx, {
      id: subscriptionId,
      user_id: row.user_id,
      customer_id: row.customer_id,
      price_id: row.price_id,
      status: 'active',
      cancel_at_period_end: 0,
      current_period_end: periodEnd(now, row.plan),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  });
  const current = await repo.findTestCheckoutSession(ctx.db.kysely, row.id);
  if (current?.status !== 'complete' || !current.subscription_id)
    throw new AppError('aborted', 'This checkout session is no longer open');
  const syncedAt = newSyncStamp();
  const snapshot = await billing.provider.retrieveSubscription(current.subscription_id);
  await applySubscriptionSnapshot(ctx, {
    snapshot,
    syncedAt,
    priceIds: billing.priceIds,
    event: { id: `evt_test_paid_${row.id}`, type: 'test.checkout.paid' },
    paymentAt: current.completed_at,
    userId: row.user_id,
  });
  await recordPurchase(billing, {
    sessionId: row.id,
    userId: row.user_id,
    priceId: snapshot?.priceId ?? null,
  });
  return {
    url: `${appUrl(billing, '/subscribe/success')}?session_id=${encodeURIComponent(row.id)}`,
  };
}

export async function cancelTestCheckout(
  billing: Billing,
  options: { userId: string; sessionId: string },
): Promise<{ url: string }> {
  const row = await ownTestSession(billing, options);
  await repo.closeTestCheckoutSession(billing.ctx.db.kysely, row.id, {
    status: 'expired',
    subscription_id: null,
    completed_at: billing.ctx.clock.now().toISOString(),
  });
  return { url: appUrl(billing, '/subscribe/cancel') };
}
