import { z } from 'zod';
import { CHECKOUT_ERRORS } from './billing-texts';
import { currentMonthlyPrice, type PlanConfig, type PlanKey } from './plans';

/** Billing contracts shared by the server and the web app, with their texts. */

// The pricing page's texts, without the schema library (decision 235).
export * from './billing-texts';

// Defined beside the plans (no schema library there): the layout's pending checkout reads it.
export { PENDING_PLAN_STORAGE_KEY } from './plans';

/** The generic purchase event value, also InitiateCheckout's monthly value (docs/glossary.md#analytics). */
export const GENERIC_PURCHASE_VALUE = 9.99;

export const planKeySchema = z.enum(['monthly', 'annual']);

export const checkoutInputSchema = z.object({
  plan: z.string().refine((v) => v === 'monthly' || v === 'annual', CHECKOUT_ERRORS.invalidPlan),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const checkoutResponseSchema = z.object({ url: z.string().min(1).optional() });

export const verifySessionInputSchema = z.object({ sessionId: z.string().min(1).max(255) });

export const subscriptionStatusSchema = z.object({
  tier: z.enum(['free', 'paid']),
  status: z.enum(['active', 'inactive', 'canceled', 'past_due']),
  plan: z.string(),
  priceId: z.string().nullable(),
  /** The end of the paid period: the renewal date, or the end date once canceled. */
  periodEnd: z.string().nullable(),
  /** True when the subscription ends at periodEnd instead of renewing. */
  endsAtPeriodEnd: z.boolean(),
  lastPaymentDate: z.string().nullable(),
  overrideActive: z.boolean(),
  /** How payments are taken: Stripe, or the built-in test mode. */
  provider: z.enum(['stripe', 'test']),
  /** Whether the user can open the payment provider's portal or cancel in test mode. */
  canManage: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusSchema>;

export const verifySessionResponseSchema = z.object({
  status: z.enum(['active', 'inactive', 'canceled', 'past_due']),
  tier: z.enum(['free', 'paid']),
  plan: z.string(),
  priceId: z.string().nullable(),
});
export type VerifySessionResponse = z.infer<typeof verifySessionResponseSchema>;

export const testCheckoutSchema = z.object({
  id: z.string(),
  plan: planKeySchema,
  amount: z.string(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  status: z.enum(['open', 'complete', 'expired']),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const redirectResponseSchema = z.object({ url: z.string().min(1) });

export interface AnalyticsEvent {
  name: 'stripe_checkout_started' | 'begin_checkout' | 'InitiateCheckout' | 'purchase' | 'Purchase';
  properties: Record<string, string | number>;
}

/** The events recorded when checkout starts (docs/glossary.md#analytics). */
export function checkoutStartedEvents(plan: PlanKey): AnalyticsEvent[] {
  return [
    { name: 'stripe_checkout_started', properties: { plan } },
    { name: 'begin_checkout', properties: { plan } },
    {
      name: 'InitiateCheckout',
      properties: { plan, value: plan === 'monthly' ? GENERIC_PURCHASE_VALUE : 0, currency: 'USD' },
    },
  ];
}

/** The plan a stored price id belongs to, or null for an unknown price id. */
export function planForPriceId(
  priceId: string | null | undefined,
  priceIds: { monthly: string; annual: string },
): PlanKey | null {
  if (!priceId) return null;
  return priceId === priceIds.monthly ? 'monthly' : priceId === priceIds.annual ? 'annual' : null;
}

/**
 * The purchase events for the plan of the stored price id: 5.99 for monthly, 59.99 for annual
 * (the configured prices). Anything else gives no events (the page only logs a warning).
 */
export function purchaseEvents(
  plan: string | null | undefined,
  config: PlanConfig,
): AnalyticsEvent[] {
  if (plan !== 'monthly' && plan !== 'annual') return [];
  const value = plan === 'monthly' ? config.monthlyPrice : config.annualPrice;
  return [
    { name: 'purchase', properties: { plan, value, currency: 'USD' } },
    { name: 'Purchase', properties: { plan, value, currency: 'USD' } },
  ];
}

/** The amount charged for a plan right now, as decimal text. */
export function checkoutAmount(plan: PlanKey, config: PlanConfig, now: Date): string {
  return (plan === 'monthly' ? currentMonthlyPrice(config, now) : config.annualPrice).toFixed(2);
}

/** Display date for renewal and end dates, e.g. "March 15, 2026" (UTC). */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
