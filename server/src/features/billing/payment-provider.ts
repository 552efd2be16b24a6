import type { PlanKey } from '@doublecast/common/plans';

/**
 * The payments adapter (STYLE rule 9): Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * built-in test mode. Both answer in these provider-neutral shapes, and the subscription state
 * machine (subscription.service.ts) applies them the same way.
 */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The user id we put in the subscription's metadata at checkout, if any. */
  userId: string | null;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
  status: string;
  priceId: string | null;
  /** ISO instant at which the current paid period ends. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
}

export interface CheckoutSessionInfo {
  id: string;
  userId: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  createCustomer(options: { userId: string; email: string }): Promise<string>;
  createCheckoutSession(options: {
    userId: string;
    customerId: string;
    plan: PlanKey;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string | null }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  createPortalSession(options: { customerId: string; returnUrl: string }): Promise<string>;
}
