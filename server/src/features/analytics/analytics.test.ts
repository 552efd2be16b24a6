import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('POST /api/events (public, first-party)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = (name: string) =>
    t.db.kysely.selectFrom('analytics_events').selectAll().where('name', '=', name).execute();

  it.each(['page_view', 'exception', 'voice_previewed'])(
    'records the page event %s',
    async (name) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/events',
        payload: { name, properties: { path: '/pricing' } },
        cookie: user.cookie,
      });
      expect(res.statusCode).toBe(204);
      const [row] = await rows(name);
      expect(row).toMatchObject({ user_id: user.id });
      expect(JSON.parse(row!.properties)).toEqual({ path: '/pricing' });
    },
  );

  it.each([
    'purchase',
    'Purchase',
    'InitiateCheckout',
    'begin_checkout',
    'stripe_checkout_started',
    'recording_played',
    'identify',
  ])('refuses %s, which only the server records, and writes nothing', async (name) => {
    for (const cookie of [user.cookie, undefined]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/events',
        payload: { name, properties: { plan: 'annual', value: 100000, currency: 'USD' } },
        cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect(await rows(name)).toEqual([]);
  });
});
