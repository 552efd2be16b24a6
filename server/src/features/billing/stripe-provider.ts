import Stripe from 'stripe';
import type {
  CheckoutSessionInfo,
  PaymentProvider,
  SubscriptionSnapshot,
} from './payment-provider';

/** Seconds a webhook signature stays valid (docs/glossary.md#S10, Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeClient(options: { secretKey: string; apiBase?: string }): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const iso = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  // Since API version 2025-03-31 the period lives on the subscription items.
  const legacy = sub as unknown as { current_period_end?: number };
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    userId: sub.metadata?.userId ?? null,
    status: sub.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: iso(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end) || sub.cancel_at != null,
    endedAt: iso(sub.ended_at),
    createdAt: iso(sub.created),
  };
}

/** The subscription an invoice belongs to, in both the current and the older API shapes. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
}

/** At most this many of a customer's sessions or subscriptions are read per checkout. */
const LIST_CAP = 100;

function isNotFound(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.statusCode === 404;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    kind: 'stripe',
    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        // One customer per user even when two checkouts start at once.
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async createCheckoutSession({ userId, customerId, plan, priceId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        // Card only; Apple Pay and Google Pay are offered through the card method in Checkout.
        allowed_payment_method_types: ['card'],
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { userId, plan },
        subscription_data: { metadata: { userId, plan } },
      });
      return { id: session.id, url: session.url ?? null };
    },
    async retrieveCheckoutSession(id): Promise<CheckoutSessionInfo | null> {
      try {
        const s = await stripe.checkout.sessions.retrieve(id);
        return {
          id: s.id,
          userId: s.client_reference_id ?? null,
          status:
            s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
          paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
          customerId: idOf(s.customer),
          subscriptionId: idOf(s.subscription),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async listOpenCheckoutSessions({ customerId }) {
      const sessions = await stripe.checkout.sessions
        .list({ customer: customerId, status: 'open', limit: LIST_CAP })
        .autoPagingToArray({ limit: LIST_CAP });
      return sessions.map((s) => s.id);
    },
    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (err) {
        // Only an open session can be expired: find out what it became instead.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(id);
        if (session.status === 'complete') return 'complete';
        if (session.status === 'expired') return 'expired';
        throw err;
      }
    },
    async listLiveSubscriptions(customerId) {
      // Without a status filter Stripe lists every subscription that has not been canceled.
      const subs = await stripe.subscriptions
        .list({ customer: customerId, limit: LIST_CAP })
        .autoPagingToArray({ limit: LIST_CAP });
      return subs.map(toSnapshot);
    },
    async retrieveSubscription(id) {
      try {
        return toSnapshot(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toSnapshot(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}
