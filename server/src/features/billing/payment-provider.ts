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
  /** ISO instant at which the provider created the subscription (orders two subscriptions). */
  createdAt: string | null;
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
  /** Ids of the customer's checkout sessions that can still be paid. */
  listOpenCheckoutSessions(options: { userId: string; customerId: string }): Promise<string[]>;
  /**
   * Expires an open checkout session so it can no longer be paid. Answers 'complete' when it was
   * paid before it could be expired, 'expired' when it is (or already was) expired.
   */
  expireCheckoutSession(id: string): Promise<'expired' | 'complete'>;
  /** The customer's subscriptions that have not ended (active, trialing, past due, ...). */
  listLiveSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  createPortalSession(options: { customerId: string; returnUrl: string }): Promise<string>;
}
