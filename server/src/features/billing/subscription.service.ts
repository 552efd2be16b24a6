import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';

export interface SubscriptionStatus {
  userId: string;
  email: string;
  /** The tier that counts, after the override rule and the admin rule. */
  tier: 'free' | 'paid';
  stripeStatus: 'active' | 'inactive' | 'canceled' | 'past_due';
  periodEnd: string | null;
  override: { status: string; tier: 'free' | 'paid'; expiresAt: string | null; reason: string | null; createdBy: string | null; createdAt: string | null } | null;
}

/**
 * The spec's section 4: an override counts when its status is "active" and it has no expiry or
 * has not yet expired; it then replaces the subscription tier. Admins count as paid. A canceled
 * subscription stays paid until its period ends.
 */
export async function getSubscriptionStatus(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<SubscriptionStatus> {
  const row = await ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('not-found', 'User not found');
  const now = ctx.clock.now().getTime();
  const overrideActive =
    row.override_status === 'active' && (!row.override_expires_at || Date.parse(row.override_expires_at) > now);
  const periodOpen = !row.subscription_expires_at || Date.parse(row.subscription_expires_at) > now;
  const subscriptionPaid =
    row.subscription_tier === 'paid' &&
    (row.subscription_status === 'active' || (row.subscription_status === 'canceled' && !!row.subscription_expires_at && periodOpen));
  let tier: 'free' | 'paid' = subscriptionPaid ? 'paid' : 'free';
  if (overrideActive && row.override_tier) tier = row.override_tier;
  if (row.role === 'admin') tier = 'paid';
  return {
    userId: row.id,
    email: row.email,
    tier,
    stripeStatus: row.subscription_status,
    periodEnd: row.subscription_expires_at,
    override:
      row.override_status && row.override_tier
        ? {
            status: row.override_status,
            tier: row.override_tier,
            expiresAt: row.override_expires_at,
            reason: row.override_reason,
            createdBy: row.override_created_by,
            createdAt: row.override_created_at,
          }
        : null,
  };
}

export async function isPaidUser(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<boolean> {
  return (await getSubscriptionStatus(ctx, userId)).tier === 'paid';
}

/** Refuses paid operations to free users, whatever the browser does. */
export async function requirePaidUser(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<void> {
  if (!(await isPaidUser(ctx, userId))) {
    throw new AppError('permission-denied', 'Subscribe to unlock the Voice Studio and start creating professional voice readings!');
  }
}
