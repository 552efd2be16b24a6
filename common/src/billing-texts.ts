/**
 * The pricing page's texts and the one helper it uses, in a module that does not import the
 * schema library: public pages load them before they run, the schemas arrive only with a
 * checkout (decision 235). Also exported by ./billing.
 */

export const PRICING_MESSAGES = {
  subscription_required:
    'Subscribe to unlock the Voice Studio and start creating professional voice readings!',
  subscription_error: 'There was an error checking your subscription. Please try again.',
} as const;
export type PricingMessageKey = keyof typeof PRICING_MESSAGES;

export function pricingMessage(value: string | null | undefined): string | null {
  return value === 'subscription_required' || value === 'subscription_error'
    ? PRICING_MESSAGES[value]
    : null;
}

export const CHECKOUT_ERRORS = {
  invalidPlan: 'Invalid plan selected',
  noUrl: 'No checkout URL received',
  failed: 'Failed to create checkout session. Please try again.',
  verificationFailed: 'Session verification failed',
  portalFailed: 'Failed to open the billing portal. Please try again.',
  cancelFailed: 'Failed to cancel the subscription. Please try again.',
} as const;

export const PRICING_NOTES = [
  'Cancel anytime',
  'Instant access after payment',
  "No account? We'll help you create one during checkout",
] as const;

export const PAYMENT_METHODS = ['Cards', 'Apple Pay', 'Google Pay'] as const;

/** The paid plan's benefits as advertised (docs/glossary.md#plans). */
export const PAID_BENEFITS = [
  '30,000 characters of voice generation per month',
  '15+ voices',
  'Unlimited script uploads',
  'Real-time audio streaming',
  'Priority support',
] as const;

/**
 * Whole months the annual plan gives for free against the monthly price, rounded to the
 * nearest month: 12 x 5.99 - 59.99 saves 11.89, about 1.98 months, advertised as "2 months free".
 */
export function annualMonthsFree(monthlyPrice: number, annualPrice: number): number {
  return Math.max(0, Math.round((monthlyPrice * 12 - annualPrice) / monthlyPrice));
}
