import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../app';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  applySubscriptionSnapshot,
  getSubscriptionStatus,
  newSyncStamp,
  requirePaidUser,
} from './subscription.service';
import { TEST_PRICE_IDS } from './test-provider';

describe('billing in test mode (no Stripe keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Launch pricing still running at the test clock, so the monthly amount is the launch price.
    t = await createTestApp({ env: { LAUNCH_ENDS_AT: '2026-07-01T00:00:00-07:00' } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    t.clock.set('2026-03-15T12:00:00Z');
  });

  const post = (user: TestUser, url: string, payload?: object) =>
    t.request({ method: 'POST', url, payload, cookie: user.cookie });
  const get = (user: TestUser, url: string) =>
    t.request({ method: 'GET', url, cookie: user.cookie });
  const tierAt = async (user: TestUser, iso: string) => {
    t.clock.set(iso);
    return (await getSubscriptionStatus(t.ctx, user.id)).tier;
  };

  async function startCheckout(user: TestUser, plan: 'monthly' | 'annual') {
    const res = await post(user, '/api/checkout', { plan });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/checkout/test');
    return url.searchParams.get('session_id')!;
  }

  it('holds the session on the server with the plan and the amount from the plan data', async () => {
    const user = await createUser(t);
    const monthly = await startCheckout(user, 'monthly');
    expect((await get(user, `/api/test-checkout/${monthly}`)).json()).toEqual({
      id: monthly,
      plan: 'monthly',
      amount: '5.99',
      currency: 'USD',
      interval: 'month',
      status: 'open',
    });
    const annual = await startCheckout(user, 'annual');
    expect((await get(user, `/api/test-checkout/${annual}`)).json()).toMatchObject({
      amount: '59.99',
      interval: 'year',
    });
    const other = await createUser(t);
    expect((await get(other, `/api/test-checkout/${monthly}`)).statusCode).toBe(404);
    expect((await post(other, `/api/test-checkout/${monthly}/pay`)).statusCode).toBe(404);
    expect((await getSubscriptionStatus(t.ctx, other.id)).tier).toBe('free');
  });

  it('charges the post-launch price once launch pricing has ended', async () => {
    t.clock.set('2026-07-01T07:00:00Z');
    const user = await createUser(t);
    const id = await startCheckout(user, 'monthly');
    expect((await get(user, `/api/test-checkout/${id}`)).json().amount).toBe('9.99');
  });

  it('Pay applies the subscription through the state machine, once', async () => {
    const user = await createUser(t);
    const id = await startCheckout(user, 'monthly');
    const early = await post(user, '/api/verify-session', { sessionId: id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Session verification failed');
    await expect(requirePaidUser(t.ctx, user.id)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    const paid = await post(user, `/api/test-checkout/${id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().url).toBe(`http://localhost:3000/subscribe/success?session_id=${id}`);
    const again = await post(user, `/api/test-checkout/${id}/pay`);
    expect(again.statusCode).toBe(200);
    const events = await t.db.kysely
      .selectFrom('billing_events')
      .select(['event_id', 'type'])
      .where('user_id', '=', user.id)
      .orderBy('event_id')
      .execute();
    expect(events).toEqual([
      { event_id: `evt_test_paid_${id}`, type: 'test.checkout.paid' },
      { event_id: `purchase:${id}`, type: 'purchase' },
    ]);

    const verified = await post(user, '/api/verify-session', { sessionId: id });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      status: 'active',
      tier: 'paid',
      plan: 'monthly',
      priceId: 'price_test_monthly',
    });
    const identify = await t.db.kysely
      .selectFrom('analytics_events')
      .selectAll()
      .where('name', '=', 'identify')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(identify.properties)).toEqual({
      emailSha256: createHash('sha256').update(user.email.toLowerCase()).digest('hex'),
      plan: 'monthly',
    });
    expect(identify.properties).not.toContain(user.email);
    expect((await get(user, '/api/subscription')).json()).toEqual({
      tier: 'paid',
      status: 'active',
      plan: 'monthly',
      priceId: 'price_test_monthly',
      periodEnd: '2026-04-15T12:00:00.000Z',
      endsAtPeriodEnd: false,
      lastPaymentDate: '2026-03-15T12:00:00.000Z',
      overrideActive: false,
      provider: 'test',
      canManage: true,
    });
    await expect(requirePaidUser(t.ctx, user.id)).resolves.toBeUndefined();
  });

  const analytics = async (userId: string) =>
    (
      await t.db.kysely
        .selectFrom('analytics_events')
        .select(['name', 'properties'])
        .where('user_id', '=', userId)
        .where('name', '!=', 'identify')
        .orderBy('id')
        .execute()
    ).map((r) => ({ name: r.name, properties: JSON.parse(r.properties) as unknown }));

  it('records checkout events for sessions it creates and purchase events once per verified payment', async () => {
    const user = await createUser(t);
    const id = await startCheckout(user, 'annual');
    const started = [
      { name: 'stripe_checkout_started', properties: { plan: 'annual' } },
      { name: 'begin_checkout', properties: { plan: 'annual' } },
      { name: 'InitiateCheckout', properties: { plan: 'annual', value: 0, currency: 'USD' } },
    ];
    expect(await analytics(user.id)).toEqual(started);
    // An unpaid session is not a purchase.
    expect((await post(user, '/api/verify-session', { sessionId: id })).statusCode).toBe(409);
    expect(await analytics(user.id)).toEqual(started);

    await post(user, `/api/test-checkout/${id}/pay`);
    await post(user, `/api/test-checkout/${id}/pay`);
    for (let i = 0; i < 3; i += 1)
      expect((await post(user, '/api/verify-session', { sessionId: id })).statusCode).toBe(200);
    const bought = { plan: 'annual', value: 59.99, currency: 'USD' };
    expect(await analytics(user.id)).toEqual([
      ...started,
      { name: 'purchase', properties: bought },
      { name: 'Purchase', properties: bought },
    ]);
  });

  it('an annual payment runs a year', async () => {
    const user = await createUser(t);
    const id = await startCheckout(user, 'annual');
    await post(user, `/api/test-checkout/${id}/pay`);
    expect((await get(user, '/api/subscription')).json()).toMatchObject({
      plan: 'annual',
      periodEnd: '2027-03-15T12:00:00.000Z',
    });
  });

  it.each([
    ['monthly', '2026-01-31T10:00:00Z', '2026-02-28T10:00:00.000Z'],
    ['monthly', '2028-01-31T10:00:00Z', '2028-02-29T10:00:00.000Z'],
    ['monthly', '2026-12-31T23:00:00Z', '2027-01-31T23:00:00.000Z'],
    ['annual', '2028-02-29T08:00:00Z', '2029-02-28T08:00:00.000Z'],
  ] as const)(
    'paying %s on %s runs to %s (a calendar month or year later)',
    async (plan, at, end) => {
      t.clock.set(at);
      const user = await createUser(t);
      const id = await startCheckout(user, plan);
      await post(user, `/api/test-checkout/${id}/pay`);
      expect((await get(user, '/api/subscription')).json()).toMatchObject({ plan, periodEnd: end });
    },
  );

  it('test-mode cancel schedules the end at the period end', async () => {
    const user = await createUser(t);
    const id = await startCheckout(user, 'monthly');
    await post(user, `/api/test-checkout/${id}/pay`);
    const res = await post(user, '/api/subscription/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      tier: 'paid',
      endsAtPeriodEnd: true,
      canManage: false,
      periodEnd: '2026-04-15T12:00:00.000Z',
    });
    expect((await post(user, '/api/subscription/cancel')).statusCode).toBe(409);
    expect(await tierAt(user, '2026-04-15T11:59:59Z')).toBe('paid');
    expect(await tierAt(user, '2026-04-15T12:00:01Z')).toBe('free');
  });

  it('Cancel on the checkout page goes to /subscribe/cancel and the session can no longer be paid', async () => {
    const user = await createUser(t);
    const id = await startCheckout(user, 'monthly');
    const res = await post(user, `/api/test-checkout/${id}/cancel`);
    expect(res.json().url).toBe('http://localhost:3000/subscribe/cancel');
    expect((await post(user, `/api/test-checkout/${id}/pay`)).statusCode).toBe(409);
    expect((await get(user, '/api/subscription')).json()).toMatchObject({
      tier: 'free',
      status: 'inactive',
    });
  });

  describe('one open checkout per user', () => {
    const sessionStatus = async (user: TestUser, id: string) =>
      (await get(user, `/api/test-checkout/${id}`)).json().status as string;
    const subscriptions = (user: TestUser) =>
      t.db.kysely
        .selectFrom('test_subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();

    it('a new checkout expires the older open one, which can then not be paid or verified', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const othersOpen = await startCheckout(other, 'monthly');
      const a = await startCheckout(user, 'monthly');
      const b = await startCheckout(user, 'annual');
      expect(await sessionStatus(user, a)).toBe('expired');
      expect(await sessionStatus(user, b)).toBe('open');
      expect(await sessionStatus(other, othersOpen)).toBe('open');

      const payA = await post(user, `/api/test-checkout/${a}/pay`);
      expect(payA.statusCode).toBe(409);
      expect(payA.json().error.message).toBe('This checkout session is no longer open');
      expect((await post(user, `/api/test-checkout/${b}/pay`)).statusCode).toBe(200);
      expect((await post(user, '/api/verify-session', { sessionId: a })).statusCode).toBe(409);
      expect(await subscriptions(user)).toHaveLength(1);

      // Cancelling the one subscription ends the user's paid state; nothing brings it back.
      expect((await post(user, '/api/subscription/cancel')).statusCode).toBe(200);
      expect((await post(user, '/api/verify-session', { sessionId: a })).statusCode).toBe(409);
      expect((await post(user, '/api/verify-session', { sessionId: b })).statusCode).toBe(200);
      expect((await get(user, '/api/subscription')).json()).toMatchObject({
        status: 'canceled',
        plan: 'annual',
        endsAtPeriodEnd: true,
      });
    });

    it('paying leaves no other open session, and a second checkout is refused', async () => {
      const user = await createUser(t);
      const id = await startCheckout(user, 'monthly');
      await post(user, `/api/test-checkout/${id}/pay`);
      const again = await post(user, '/api/checkout', { plan: 'annual' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'You already have an active subscription. You can manage it from your account.',
      );
    });

    it('concurrent checkout starts by one user leave exactly one open session', async () => {
      const user = await createUser(t);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(user, '/api/checkout', { plan: i % 2 ? 'annual' : 'monthly' }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const open = await t.db.kysely
        .selectFrom('test_checkout_sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('status', '=', 'open')
        .execute();
      expect(open).toHaveLength(1);
    });

    it('an older subscription never replaces a newer one that still counts', async () => {
      const user = await createUser(t);
      const snapshot = (id: string, createdAt: string, priceId: string) => ({
        id,
        customerId: `cus_test_${user.id}`,
        userId: user.id,
        status: 'active',
        priceId,
        currentPeriodEnd: '2026-04-15T12:00:00.000Z',
        cancelAtPeriodEnd: false,
        endedAt: null,
        createdAt,
      });
      const older = snapshot('sub_test_older', '2026-03-15T11:00:00.000Z', TEST_PRICE_IDS.monthly);
      const newer = snapshot('sub_test_newer', '2026-03-15T11:30:00.000Z', TEST_PRICE_IDS.annual);
      const apply = (s: typeof older) =>
        applySubscriptionSnapshot(t.ctx, {
          snapshot: s,
          syncedAt: newSyncStamp(),
          priceIds: TEST_PRICE_IDS,
          userId: user.id,
        });
      expect(await apply(newer)).toBe('applied');
      expect(await apply(older)).toBe('stale');
      // Still stale once the newer one is set to end at its period end (it still counts).
      expect(await apply({ ...newer, cancelAtPeriodEnd: true })).toBe('applied');
      expect(await apply(older)).toBe('stale');
      expect((await get(user, '/api/subscription')).json()).toMatchObject({
        plan: 'annual',
        status: 'canceled',
        tier: 'paid',
      });
      // Once the newer one has ended, a subscription the user still pays for takes over.
      t.clock.set('2026-04-16T00:00:00Z');
      expect(await apply(older)).toBe('applied');
      expect((await getSubscriptionStatus(t.ctx, user.id)).plan).toBe('monthly');
    });
  });

  it('the browser cannot set its own tier: a forged verify or a made-up session changes nothing', async () => {
    const user = await createUser(t);
    const res = await post(user, '/api/verify-session', { sessionId: 'cs_test_made_up' });
    expect(res.statusCode).toBe(404);
    expect((await get(user, '/api/subscription')).json().tier).toBe('free');
  });

  it('reports the tier for the gate: free, paid, admin, and an active override', async () => {
    const free = await createUser(t);
    const paid = await createUser(t, { tier: 'paid' });
    const admin = await createUser(t, { role: 'admin' });
    expect((await get(free, '/api/subscription')).json()).toMatchObject({
      tier: 'free',
      canManage: false,
    });
    expect((await get(paid, '/api/subscription')).json().tier).toBe('paid');
    expect((await get(admin, '/api/subscription')).json().tier).toBe('paid');
    await t.db.kysely
      .updateTable('users')
      .set({
        override_status: 'active',
        override_tier: 'paid',
        override_expires_at: '2026-04-01T00:00:00.000Z',
      })
      .where('id', '=', free.id)
      .execute();
    expect((await get(free, '/api/subscription')).json()).toMatchObject({
      tier: 'paid',
      overrideActive: true,
      periodEnd: '2026-04-01T00:00:00.000Z',
    });
    expect(await tierAt(free, '2026-04-01T00:00:01Z')).toBe('free');
    expect((await t.request({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });

  it('has no Stripe webhook and no portal without Stripe keys', async () => {
    const user = await createUser(t);
    const hook = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect((await post(user, '/api/billing-portal')).statusCode).toBe(404);
  });
});
