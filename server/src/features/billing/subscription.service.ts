import type { TierSource } from '@doublecast/common/admin';
import { planForPriceId } from '@doublecast/common/billing';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { SubscriptionSnapshot } from './payment-provider';
import * as repo from './billing.repository';

export interface SubscriptionStatus {
  userId: string;
  email: string;
  /** The tier that counts, after the override rule and the admin rule. */
  tier: 'free' | 'paid';
  stripeStatus: 'active' | 'inactive' | 'canceled' | 'past_due';
  periodEnd: string | null;
  override: {
    status: string;
    tier: 'free' | 'paid';
    expiresAt: string | null;
    reason: string | null;
    createdBy: string | null;
    createdAt: string | null;
  } | null;
  /** Whether an override currently replaces the subscription's tier. */
  overrideActive: boolean;
  plan: string;
  priceId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  lastPaymentDate: string | null;
}

export type TierRow = Pick<
  Selectable<UsersTable>,
  | 'override_status'
  | 'override_expires_at'
  | 'override_tier'
  | 'subscription_tier'
  | 'subscription_status'
  | 'subscription_expires_at'
> & { role: 'user' | 'admin' };

/**
 * The tier that counts for a users row at `now` (ms): the one rule every server check goes
 * through (Studio gate, allowance, rehearsal, admin list). The admin list's SQL filter mirrors
 * it (features/admin/admin-users.repository.ts) and is tested against it.
 */
export function resolveTier(
  row: TierRow,
  now: number,
): { tier: 'free' | 'paid'; overrideActive: boolean; tierSource: TierSource } {
  const overrideActive =
    row.override_status === 'active' &&
    !!row.override_tier &&
    (!row.override_expires_at || Date.parse(row.override_expires_at) > now);
  const periodOpen = !!row.subscription_expires_at && Date.parse(row.subscription_expires_at) > now;
  const subscriptionPaid =
    row.subscription_tier === 'paid' &&
    (row.subscription_status === 'active' ||
      ((row.subscription_status === 'canceled' || row.subscription_status === 'past_due') &&
        periodOpen));
  if (row.role === 'admin') return { tier: 'paid', overrideActive, tierSource: 'role' };
  if (overrideActive && row.override_tier)
    return { tier: row.override_tier, overrideActive, tierSource: 'override' };
  return { tier: subscriptionPaid ? 'paid' : 'free', overrideActive, tierSource: 'subscription' };
}

/** The stored override of a users row, whether or not it still counts. */
export function overrideOf(
  row: Pick<
    Selectable<UsersTable>,
    | 'override_status'
    | 'override_tier'
    | 'override_expires_at'
    | 'override_reason'
    | 'override_created_by'
    | 'override_created_at'
  >,
): SubscriptionStatus['override'] {
  return row.override_status && row.override_tier
    ? {
        status: row.override_status,
        tier: row.override_tier,
        expiresAt: row.override_expires_at,
        reason: row.override_reason,
        createdBy: row.override_created_by,
        createdAt: row.override_created_at,
      }
    : null;
}

/**
 * docs/glossary.md#override: an override counts when its status is "active" and it has no expiry or
 * has not yet expired; it then replaces the subscription tier. Admins count as paid. A canceled
 * subscription stays paid until its period ends, and so does a past-due one while the provider
 * retries the payment (docs/decisions/052-subscription-state-machine.md).
 */
export async function getSubscriptionStatus(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
): Promise<SubscriptionStatus> {
  const row = await repo.findSubscriptionUser(ctx.db.kysely, userId);
  if (!row) throw new AppError('not-found', 'User not found');
  const now = ctx.clock.now().getTime();
  const { tier, overrideActive } = resolveTier(row, now);
  return {
    userId: row.id,
    email: row.email,
    tier,
    stripeStatus: row.subscription_status,
    periodEnd:
      overrideActive && row.override_expires_at
        ? row.override_expires_at
        : row.subscription_expires_at,
    override: overrideOf(row),
    overrideActive,
    plan: row.plan,
    priceId: row.stripe_price_id,
    subscriptionId: row.subscription_id,
    customerId: row.stripe_customer_id,
    lastPaymentDate: row.last_payment_date,
  };
}

export async function isPaidUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
): Promise<boolean> {
  return (await getSubscriptionStatus(ctx, userId)).tier === 'paid';
}

/** Refuses paid operations to free users, whatever the browser does. */
export async function requirePaidUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
): Promise<void> {
  if (!(await isPaidUser(ctx, userId))) {
    throw new AppError(
      'permission-denied',
      'Subscribe to unlock the Voice Studio and start creating professional voice readings!',
    );
  }
}

export interface StoredSubscription {
  status: 'active' | 'inactive' | 'canceled' | 'past_due';
  tier: 'free' | 'paid';
  expiresAt: string | null;
  plan: string;
}

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * How a provider subscription is stored on the user. A subscription set to cancel at the period
 * end is "canceled" but stays paid until then; an ended one is canceled and free.
 */
export function storedSubscription(
  snapshot: SubscriptionSnapshot,
  priceIds: { monthly: string; annual: string },
): StoredSubscription {
  const plan = planForPriceId(snapshot.priceId, priceIds) ?? 'free';
  switch (snapshot.status) {
    case 'active':
    case 'trialing':
      return {
        status: snapshot.cancelAtPeriodEnd ? 'canceled' : 'active',
        tier: 'paid',
        expiresAt: snapshot.currentPeriodEnd,
        plan,
      };
    case 'past_due':
      return { status: 'past_due', tier: 'paid', expiresAt: snapshot.currentPeriodEnd, plan };
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
      return {
        status: 'canceled',
        tier: 'free',
        expiresAt: snapshot.endedAt ?? snapshot.currentPeriodEnd,
        plan,
      };
    default:
      return { status: 'inactive', tier: 'free', expiresAt: null, plan: 'free' };
  }
}

let stampCounter = 0;

/**
 * A stamp that sorts by when a subscription was read from the provider. Taken before the read,
 * so of two overlapping reads the later one wins even if it commits first (docs/glossary.md#S10: state never
 * moves backwards).
 */
export function newSyncStamp(): string {
  stampCounter = (stampCounter + 1) % 1e9;
  return `${String(Date.now()).padStart(15, '0')}.${String(stampCounter).padStart(9, '0')}`;
}

export interface ApplySubscriptionOptions {
  snapshot: SubscriptionSnapshot | null;
  /** From newSyncStamp(), taken before the snapshot was read. */
  syncedAt: string;
  priceIds: { monthly: string; annual: string };
  /** The provider event that caused this, applied at most once. */
  event?: { id: string; type: string };
  /** When a payment was made, to move last_payment_date forward. */
  paymentAt?: string | null;
  /** The user, when the caller knows it (checkout session owner). */
  userId?: string | null;
}

export type ApplyResult = 'applied' | 'duplicate' | 'stale' | 'unknown-user';

/**
 * The one way subscription state changes: a snapshot read from the provider (Stripe's API or
 * the test mode's own store) is written to the user, with the event id in the same transaction.
 */
export async function applySubscriptionSnapshot(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  options: ApplySubscriptionOptions,
): Promise<ApplyResult> {
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    const userId = await resolveUserId(trx, options);
    if (options.event) {
      const fresh = await repo.insertBillingEvent(trx, {
        event_id: options.event.id,
        type: options.event.type,
        user_id: userId,
        processed_at: now,
      });
      if (!fresh) return 'duplicate';
    }
    if (!userId) {
      ctx.log.warn(
        { event: options.event?.id, subscription: options.snapshot?.id },
        'billing event for an unknown customer',
      );
      return 'unknown-user';
    }
    if (options.paymentAt) await repo.recordPaymentDate(trx, userId, options.paymentAt);
    const snapshot = options.snapshot;
    if (!snapshot) return 'applied';
    const previous = await repo.getSyncRow(trx, userId);
    if (previous && previous.synced_at > options.syncedAt) return 'stale';
    const user = await repo.findBillingUser(trx, userId);
    if (!user) return 'unknown-user';
    if (user.subscription_id && user.subscription_id !== snapshot.id) {
      // A replaced subscription that has ended must not clear the one that replaced it.
      if (!LIVE_STATUSES.has(snapshot.status)) return 'stale';
      // An older subscription never replaces a newer one that still counts (issue 10, item 7).
      const currentCreatedAt =
        previous?.subscription_id === user.subscription_id
          ? previous.subscription_created_at
          : null;
      if (
        currentCreatedAt &&
        snapshot.createdAt &&
        snapshot.createdAt < currentCreatedAt &&
        storedStillPaid(user, now)
      )
        return 'stale';
    }
    const stored = storedSubscription(snapshot, options.priceIds);
    await repo.updateUserSubscription(trx, userId, {
      subscription_status: stored.status,
      subscription_tier: stored.tier,
      subscription_id: snapshot.id,
      stripe_price_id: snapshot.priceId,
      subscription_expires_at: stored.expiresAt,
      plan: stored.plan,
      stripe_customer_id: user.stripe_customer_id ?? snapshot.customerId,
      updated_at: now,
    });
    await repo.setSyncRow(trx, userId, {
      synced_at: options.syncedAt,
      subscription_id: snapshot.id,
      subscription_created_at: snapshot.createdAt,
    });
    return 'applied';
  });
}

/** Whether the stored subscription still gives the paid tier at `now` (ISO). */
function storedStillPaid(
  user: NonNullable<Awaited<ReturnType<typeof repo.findBillingUser>>>,
  now: string,
): boolean {
  if (user.subscription_tier !== 'paid') return false;
  if (user.subscription_status === 'active') return true;
  return (
    (user.subscription_status === 'canceled' || user.subscription_status === 'past_due') &&
    !!user.subscription_expires_at &&
    Date.parse(user.subscription_expires_at) > Date.parse(now)
  );
}

async function resolveUserId(
  trx: Parameters<typeof repo.findBillingUser>[0],
  options: ApplySubscriptionOptions,
): Promise<string | null> {
  const customerId = options.snapshot?.customerId;
  if (customerId) {
    const owner = await repo.findUserIdByCustomerId(trx, customerId);
    if (owner) return owner;
  }
  for (const candidate of [options.userId, options.snapshot?.userId]) {
    if (!candidate) continue;
    const user = await repo.findBillingUser(trx, candidate);
    // Metadata names a user, but only a user without another customer may be linked by it.
    if (user && (!user.stripe_customer_id || user.stripe_customer_id === customerId))
      return user.id;
  }
  return null;
}
