import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../app';
import { EnvError, parseEnv } from '../../env';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/fake-stripe';
import { createUser, type TestUser } from '../../test/factories';
import { getSubscriptionStatus } from './subscription.service';
import { createTestApp, type TestApp } from '../../test/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const MARCH = sec('2026-03-15T12:00:00Z');
const APRIL = sec('2026-04-15T12:00:00Z');
const MAY = sec('2026-05-15T12:00:00Z');

describe('billing with Stripe (fake Stripe on loopback, real SDK)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ANNUAL: 'price_annual',
        STRIPE_API_BASE: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    t.clock.set('2026-03-15T12:00:00Z');
  });

  const userRow = (id: string) =>
    t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('billing_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const subscription = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/subscription', cookie: user.cookie })).json();
  /** The tier that counts at the test clock's time (sessions may lapse when the clock jumps a month). */
  const tierAt = async (user: TestUser, iso: string) => {
    t.clock.set(iso);
    return (await getSubscriptionStatus(t.ctx, user.id)).tier;
  };

  /** Posts an event as Stripe does: raw JSON bytes (pretty-printed, so re-serialising would break the signature). */
  function deliver(
    event: object,
    options: { secret?: string; timestamp?: number; signature?: string } = {},
  ) {
    const payload = JSON.stringify(event, null, 2);
    const header =
      options.signature ??
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        timestamp: options.timestamp,
      });
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  }

  const postCheckout = (user: TestUser, plan: string) =>
    t.request({ method: 'POST', url: '/api/checkout', payload: { plan }, cookie: user.cookie });

  async function startCheckout(user: TestUser, plan = 'monthly') {
    const res = await postCheckout(user, plan);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    const sessionId = url.split('/').pop()!;
    return { url, sessionId };
  }

  const verify = (user: TestUser, sessionId: string) =>
    t.request({
      method: 'POST',
      url: '/api/verify-session',
      payload: { sessionId },
      cookie: user.cookie,
    });

  /** A user who went through checkout and paid (Stripe's side done by the fake). */
  async function paidUser(plan = 'monthly') {
    const user = await createUser(t);
    const { sessionId } = await startCheckout(user, plan);
    const sub = fake.completeCheckout(sessionId, { periodStart: MARCH, periodEnd: APRIL });
    return { user, sessionId, sub };
  }

  const invoice = (subId: string, paidAt: number) => ({
    id: `in_${subId}_${paidAt}`,
    object: 'invoice',
    status: 'paid',
    status_transitions: { paid_at: paidAt },
    parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
  });

  it('refuses to start with Stripe keys but no webhook secret', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(EnvError);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).not.toThrow();
  });

  describe('checkout', () => {
    it('creates a subscription-mode card session for the user and reuses their customer', async () => {
      const user = await createUser(t);
      const first = await startCheckout(user, 'monthly');
      expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
      const session = fake.sessions.get(first.sessionId)!;
      const row = await userRow(user.id);
      expect(row.stripe_customer_id).toMatch(/^cus_/);
      expect(session).toMatchObject({
        mode: 'subscription',
        customer: row.stripe_customer_id,
        client_reference_id: user.id,
        price: 'price_monthly',
        allowed_payment_method_types: ['card'],
        success_url: 'http://localhost:3000/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/subscribe/cancel',
        subscription_data: { metadata: { userId: user.id, plan: 'monthly' } },
      });
      expect(fake.customers.get(row.stripe_customer_id!)).toMatchObject({
        email: user.email,
        metadata: { userId: user.id },
      });

      const customersBefore = fake.customers.size;
      const second = await startCheckout(user, 'annual');
      expect(fake.customers.size).toBe(customersBefore);
      expect(fake.sessions.get(second.sessionId)).toMatchObject({
        customer: row.stripe_customer_id,
        price: 'price_annual',
      });
      // Choosing a plan never changes the tier: only Stripe's word does.
      expect((await subscription(user)).tier).toBe('free');
    });

    it('answers an unknown plan with "Invalid plan selected" and a signed-out caller with 401', async () => {
      const user = await createUser(t);
      const bad = await postCheckout(user, 'lifetime');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Invalid plan selected');
      const anon = await t.request({
        method: 'POST',
        url: '/api/checkout',
        payload: { plan: 'monthly' },
      });
      expect(anon.statusCode).toBe(401);
    });

    it('answers a Stripe outage with the spec text', async () => {
      const user = await createUser(t);
      fake.failNext(10);
      const res = await postCheckout(user, 'monthly');
      fake.failNext(0);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Failed to create checkout session. Please try again.');
    });
  });

  describe('one open checkout per user', () => {
    const openSessionsOf = async (user: TestUser) => {
      const customer = (await userRow(user.id)).stripe_customer_id;
      return [...fake.sessions.values()].filter(
        (x) => x.customer === customer && x.status === 'open',
      );
    };

    it('a new checkout expires the older open session through the API; Stripe then refuses to take payment for it', async () => {
      const user = await createUser(t);
      const a = await startCheckout(user, 'monthly');
      const b = await startCheckout(user, 'annual');
      expect(fake.calls).toContain(`POST /v1/checkout/sessions/${a.sessionId}/expire`);
      expect(fake.sessions.get(a.sessionId)!.status).toBe('expired');
      expect((await openSessionsOf(user)).map((x) => x.id)).toEqual([b.sessionId]);
      expect(() =>
        fake.completeCheckout(a.sessionId, { periodStart: MARCH, periodEnd: APRIL }),
      ).toThrow(/expired/);
      expect((await verify(user, a.sessionId)).statusCode).toBe(409);

      fake.completeCheckout(b.sessionId, { periodStart: MARCH, periodEnd: APRIL });
      expect((await verify(user, b.sessionId)).json()).toMatchObject({ plan: 'annual' });
      expect((await verify(user, a.sessionId)).statusCode).toBe(409);
      expect(await subscription(user)).toMatchObject({ tier: 'paid', plan: 'annual' });
    });

    it('when the older session cannot be expired, no new one is created', async () => {
      const user = await createUser(t);
      const a = await startCheckout(user, 'monthly');
      const sessionsBefore = fake.sessions.size;
      fake.failMatching('/expire');
      const res = await postCheckout(user, 'annual');
      fake.failMatching(null);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Failed to create checkout session. Please try again.');
      expect(fake.sessions.size).toBe(sessionsBefore);
      expect((await openSessionsOf(user)).map((x) => x.id)).toEqual([a.sessionId]);
    });

    it('a payment Stripe has taken but not yet reported is stored, and no second checkout starts', async () => {
      const { user, sessionId } = await paidUser('monthly');
      const sessionsBefore = fake.sessions.size;
      const res = await postCheckout(user, 'annual');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'You already have an active subscription. You can manage it from your account.',
      );
      expect(fake.sessions.size).toBe(sessionsBefore);
      expect(fake.sessions.get(sessionId)!.status).toBe('complete');
      expect(await subscription(user)).toMatchObject({
        tier: 'paid',
        status: 'active',
        plan: 'monthly',
      });
    });

    it('concurrent checkout starts by one user leave exactly one open session at Stripe', async () => {
      const user = await createUser(t);
      await startCheckout(user, 'monthly');
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => postCheckout(user, i % 2 ? 'annual' : 'monthly')),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await openSessionsOf(user)).toHaveLength(1);
    });

    it('events of an older subscription never replace the newer one', async () => {
      const { user, sessionId, sub: newer } = await paidUser('annual');
      expect((await verify(user, sessionId)).statusCode).toBe(200);
      // An older subscription of the same customer that is still live at Stripe.
      const customer = (await userRow(user.id)).stripe_customer_id!;
      fake.sessions.set('cs_older', {
        ...fake.sessions.get(sessionId)!,
        id: 'cs_older',
        status: 'open',
        price: 'price_monthly',
        customer,
      });
      const older = fake.completeCheckout('cs_older', {
        periodStart: MARCH - 86_400,
        periodEnd: APRIL,
      });
      expect(older.created).toBeLessThan(newer.created);

      const stale = await deliver(fake.event('customer.subscription.updated', older));
      expect(stale.json().result).toBe('stale');
      expect((await verify(user, 'cs_older')).statusCode).toBe(200);
      expect(await subscription(user)).toMatchObject({ status: 'active', plan: 'annual' });

      fake.updateSubscription(newer.id, { cancel_at_period_end: true });
      await deliver(fake.event('customer.subscription.updated', newer));
      await deliver(fake.event('customer.subscription.updated', older));
      expect(await subscription(user)).toMatchObject({
        status: 'canceled',
        plan: 'annual',
        endsAtPeriodEnd: true,
      });
      expect((await userRow(user.id)).subscription_id).toBe(newer.id);
    });
  });

  describe('verify-session', () => {
    it('stores the subscription read from Stripe once the session is paid', async () => {
      const user = await createUser(t);
      const { sessionId } = await startCheckout(user);
      const early = await verify(user, sessionId);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe('Session verification failed');
      expect((await subscription(user)).tier).toBe('free');

      fake.completeCheckout(sessionId, { periodStart: MARCH, periodEnd: APRIL });
      const res = await verify(user, sessionId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'active',
        tier: 'paid',
        plan: 'monthly',
        priceId: 'price_monthly',
      });
      expect(await subscription(user)).toMatchObject({
        tier: 'paid',
        status: 'active',
        plan: 'monthly',
        periodEnd: '2026-04-15T12:00:00.000Z',
        endsAtPeriodEnd: false,
        provider: 'stripe',
        canManage: true,
      });
    });

    it("refuses another user's session and an unknown one", async () => {
      const { sessionId } = await paidUser();
      const other = await createUser(t);
      const res = await verify(other, sessionId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Session verification failed');
      expect((await subscription(other)).tier).toBe('free');
      const unknown = await verify(other, 'cs_nope');
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('webhooks', () => {
    it('activates on checkout.session.completed and records payments from invoice.paid', async () => {
      const { user, sessionId, sub } = await paidUser('annual');
      const res = await deliver(
        fake.event('checkout.session.completed', fake.sessions.get(sessionId)!),
      );
      expect(res.statusCode).toBe(200);
      expect(await subscription(user)).toMatchObject({
        tier: 'paid',
        status: 'active',
        plan: 'annual',
        priceId: 'price_annual',
      });
      await deliver(fake.event('invoice.paid', invoice(sub.id, MARCH)));
      expect((await userRow(user.id)).last_payment_date).toBe('2026-03-15T12:00:00.000Z');
    });

    it('records the purchase events once per paid session, from the webhook or verify-session', async () => {
      const { user, sessionId, sub } = await paidUser('annual');
      const completed = fake.event('checkout.session.completed', fake.sessions.get(sessionId)!);
      await deliver(completed);
      await deliver(completed);
      await deliver(fake.event('checkout.session.completed', fake.sessions.get(sessionId)!));
      await deliver(fake.event('invoice.paid', invoice(sub.id, MARCH)));
      const verified = await verify(user, sessionId);
      expect(verified.statusCode).toBe(200);
      const events = await t.db.kysely
        .selectFrom('analytics_events')
        .select(['name', 'properties'])
        .where('user_id', '=', user.id)
        .where('name', 'in', ['purchase', 'Purchase', 'InitiateCheckout'])
        .orderBy('id')
        .execute();
      const bought = JSON.stringify({ plan: 'annual', value: 59.99, currency: 'USD' });
      expect(events).toEqual([
        {
          name: 'InitiateCheckout',
          properties: JSON.stringify({ plan: 'annual', value: 0, currency: 'USD' }),
        },
        { name: 'purchase', properties: bought },
        { name: 'Purchase', properties: bought },
      ]);
    });

    it('renews: a later period end and payment date', async () => {
      const { user, sub } = await paidUser();
      await deliver(fake.event('customer.subscription.created', sub));
      fake.updateSubscription(sub.id, { periodStart: APRIL, periodEnd: MAY });
      t.clock.set('2026-04-15T12:05:00Z');
      await deliver(fake.event('invoice.paid', invoice(sub.id, APRIL)));
      const row = await userRow(user.id);
      expect(row.subscription_expires_at).toBe('2026-05-15T12:00:00.000Z');
      expect(row.last_payment_date).toBe('2026-04-15T12:00:00.000Z');
      expect(await tierAt(user, '2026-05-15T11:59:59Z')).toBe('paid');
    });

    it('payment failure: past due stays paid until the period ends, then free', async () => {
      const { user, sub } = await paidUser();
      await deliver(fake.event('customer.subscription.created', sub));
      fake.updateSubscription(sub.id, { status: 'past_due' });
      const res = await deliver(
        fake.event('invoice.payment_failed', {
          ...invoice(sub.id, APRIL),
          status: 'open',
          status_transitions: { paid_at: null },
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(await subscription(user)).toMatchObject({ status: 'past_due', tier: 'paid' });
      expect((await userRow(user.id)).last_payment_date).toBeNull();
      expect(await tierAt(user, '2026-04-15T11:59:59Z')).toBe('paid');
      expect(await tierAt(user, '2026-04-15T12:00:01Z')).toBe('free');
    });

    it('cancellation at period end stays paid until then; deletion ends it', async () => {
      const { user, sub } = await paidUser();
      await deliver(fake.event('customer.subscription.created', sub));
      fake.updateSubscription(sub.id, { cancel_at_period_end: true });
      await deliver(fake.event('customer.subscription.updated', sub));
      expect(await subscription(user)).toMatchObject({
        status: 'canceled',
        tier: 'paid',
        endsAtPeriodEnd: true,
        periodEnd: '2026-04-15T12:00:00.000Z',
      });
      expect(await tierAt(user, '2026-04-15T11:59:59Z')).toBe('paid');
      expect(await tierAt(user, '2026-04-15T12:00:01Z')).toBe('free');
      fake.updateSubscription(sub.id, { status: 'canceled', ended_at: APRIL });
      await deliver(fake.event('customer.subscription.deleted', sub));
      expect(await userRow(user.id)).toMatchObject({
        subscription_status: 'canceled',
        subscription_tier: 'free',
      });
      expect(await tierAt(user, '2026-04-01T00:00:00Z')).toBe('free');
    });

    it('shuffled and duplicated events end in the same final state as Stripe', async () => {
      const { user, sessionId, sub } = await paidUser();
      const events = [
        fake.event('checkout.session.completed', fake.sessions.get(sessionId)!),
        fake.event('customer.subscription.created', sub),
        fake.event('invoice.paid', invoice(sub.id, MARCH)),
        fake.event('customer.subscription.updated', sub),
        fake.event('invoice.paid', invoice(sub.id, APRIL)),
        fake.event('customer.subscription.updated', sub),
      ];
      // Stripe's state at the end: renewed into May, then set to cancel at the period end.
      fake.updateSubscription(sub.id, {
        periodStart: APRIL,
        periodEnd: MAY,
        cancel_at_period_end: true,
      });
      const order = [4, 1, 5, 0, 4, 2, 3, 5, 1];
      for (const i of order) expect((await deliver(events[i]!)).statusCode).toBe(200);
      const row = await userRow(user.id);
      expect(row).toMatchObject({
        subscription_status: 'canceled',
        subscription_tier: 'paid',
        subscription_expires_at: '2026-05-15T12:00:00.000Z',
        last_payment_date: '2026-04-15T12:00:00.000Z',
        subscription_id: sub.id,
      });
      const stored = await t.db.kysely
        .selectFrom('billing_events')
        .select('event_id')
        .where('user_id', '=', user.id)
        .execute();
      // Each delivered event once, and the one purchase of the paid session.
      expect(stored.map((r) => r.event_id).sort()).toEqual(
        [...events.map((e) => String(e.id)), `purchase:${sessionId}`].sort(),
      );
    });

    it('10 concurrent replays of one event have one effect', async () => {
      const { user, sub } = await paidUser();
      const event = fake.event('invoice.paid', invoice(sub.id, MARCH));
      const before = await eventCount();
      const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(results.filter((r) => r.json().result === 'applied')).toHaveLength(1);
      expect(await eventCount()).toBe(before + 1);
      expect(await userRow(user.id)).toMatchObject({
        subscription_tier: 'paid',
        last_payment_date: '2026-03-15T12:00:00.000Z',
      });
    });

    it.each([
      ['a bad signature', { secret: 'whsec_wrong' }],
      ['a stale signature (301 s old)', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
      ['a missing signature', { signature: '' }],
    ])('refuses %s with 400 and no effect', async (_label, options) => {
      const { user, sessionId } = await paidUser();
      const before = await eventCount();
      const res = await deliver(
        fake.event('checkout.session.completed', fake.sessions.get(sessionId)!),
        options,
      );
      expect(res.statusCode).toBe(400);
      expect(await eventCount()).toBe(before);
      expect(await userRow(user.id)).toMatchObject({
        subscription_tier: 'free',
        subscription_status: 'inactive',
      });
    });

    it('accepts a signature inside the 300 s tolerance', async () => {
      const { user, sessionId } = await paidUser();
      const res = await deliver(
        fake.event('checkout.session.completed', fake.sessions.get(sessionId)!),
        {
          timestamp: Math.floor(Date.now() / 1000) - 250,
        },
      );
      expect(res.statusCode).toBe(200);
      expect((await subscription(user)).tier).toBe('paid');
    });

    it('ignores events it does not handle, once', async () => {
      const res = await deliver(
        fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toBe('ignored');
    });
  });

  describe('managing the subscription', () => {
    it('opens the Stripe customer portal for the user and returns to /account', async () => {
      const { user } = await paidUser();
      const res = await t.request({
        method: 'POST',
        url: '/api/billing-portal',
        cookie: user.cookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      expect(fake.calls.at(-1)).toBe('POST /v1/billing_portal/sessions');
      const stranger = await createUser(t);
      expect(
        (await t.request({ method: 'POST', url: '/api/billing-portal', cookie: stranger.cookie }))
          .statusCode,
      ).toBe(404);
    });

    it('cancels at the period end through Stripe and stores what Stripe answers', async () => {
      const { user, sessionId, sub } = await paidUser();
      await verify(user, sessionId);
      const res = await t.request({
        method: 'POST',
        url: '/api/subscription/cancel',
        cookie: user.cookie,
      });
      expect(res.statusCode).toBe(200);
      expect(fake.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(true);
      expect(res.json()).toMatchObject({
        status: 'canceled',
        tier: 'paid',
        endsAtPeriodEnd: true,
        periodEnd: '2026-04-15T12:00:00.000Z',
      });
    });

    it('refuses a second checkout while a subscription is active', async () => {
      const { user, sessionId } = await paidUser();
      await verify(user, sessionId);
      const res = await postCheckout(user, 'annual');
      expect(res.statusCode).toBe(409);
    });
  });
});
