import { describe, expect, it } from 'vitest';
import { adminDashboardSchema } from '@doublecast/common/admin';
import { newId } from '../../lib/ids';
import { createUser, signIn, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';

const NOW = '2026-03-15T12:00:00.000Z';

describe('GET /api/admin/dashboard', () => {
  let t: TestApp, admin: TestUser, user: TestUser;
  withAdminTestApp({ now: NOW, admin: { tier: 'paid' } }, (s) => ({ t, admin, user } = s));

  const dashboard = async (who: TestUser = admin) => {
    const res = await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: who.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return adminDashboardSchema.parse(res.json());
  };

  const userCreatedAt = async (at: string) => {
    const id = newId();
    await t.db.kysely
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, created_at: at, updated_at: at })
      .execute();
    return id;
  };

  const generation = async (userId: string, at: string, isDeleted = 0) => {
    await t.db.kysely
      .insertInto('generations')
      .values({
        id: newId(),
        user_id: userId,
        text: 'Hello there.',
        audio_key: 'k',
        voice_id: 'v',
        voice_name: 'Tom',
        created_at: at,
        character_count: 12,
        size_bytes: 0,
        settings: '{}',
        is_deleted: isDeleted,
        deleted_at: isDeleted ? at : null,
        updated_at: at,
      })
      .execute();
  };

  /** A metrics row priced as the synthesis service prices it (ElevenLabs unless told). */
  const metric = async (
    at: string,
    status: 'success' | 'error',
    characters: number,
    engine: { provider: string; usdPer1000: number } = { provider: 'elevenlabs', usdPer1000: 0.18 },
  ) => {
    await t.db.kysely
      .insertInto('voice_provider_metrics')
      .values({
        id: newId(),
        provider: engine.provider,
        cost_usd: (characters / 1000) * engine.usdPer1000,
        user_id: null,
        request_id: newId(),
        provider_request_id: null,
        voice_id: 'v',
        voice_name: 'Tom',
        character_count: characters,
        latency_ms: 100,
        first_byte_ms: null,
        status,
        error: status === 'error' ? 'boom' : null,
        credits_used: null,
        endpoint: 'text-to-speech',
        model_id: null,
        request_metadata: '{}',
        created_at: at,
      })
      .execute();
  };

  it('refuses a signed-out caller (401) and a plain user (403)', async () => {
    const anon = await t.request({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe('unauthenticated');
    const asUser = await t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookie: user.cookie,
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({
      error: {
        code: 'permission-denied',
        message: "Access denied. You don't have permission to perform this action.",
      },
    });
  });

  it('answers zeros for the provider figures when nothing was requested today', async () => {
    expect(await dashboard()).toEqual({
      day: '2026-03-15',
      totalUsers: 2,
      newUsersToday: 2,
      totalRecordings: 0,
      apiRequestsToday: 0,
      apiErrorsToday: 0,
      apiErrorRateToday: 0,
      apiCharactersToday: 0,
      estimatedApiCostToday: 0,
    });
  });

  it("counts users, readings and today's provider metrics by the UTC day of the clock", async () => {
    // Users: two from the factory (today), and one each side of the day's edges.
    const old = await userCreatedAt('2026-03-14T23:59:59.999Z');
    await userCreatedAt('2026-03-15T00:00:00.000Z');
    await userCreatedAt('2026-03-15T23:59:59.999Z');
    await userCreatedAt('2026-03-16T00:00:00.000Z');

    // Readings: every one counts, deleted or not, whatever the day.
    await generation(old, '2026-01-02T10:00:00.000Z');
    await generation(old, '2026-03-15T09:00:00.000Z');
    await generation(user.id, '2026-03-15T10:00:00.000Z', 1);

    // Today: 8 requests, 1 error, 2,500 characters. Yesterday and tomorrow do not count.
    for (let i = 0; i < 7; i++) await metric(`2026-03-15T0${i}:00:00.000Z`, 'success', 300);
    await metric('2026-03-15T23:59:59.999Z', 'error', 400);
    await metric('2026-03-14T23:59:59.999Z', 'error', 10_000);
    await metric('2026-03-16T00:00:00.000Z', 'error', 10_000);

    expect(await dashboard()).toEqual({
      day: '2026-03-15',
      totalUsers: 6,
      newUsersToday: 4,
      totalRecordings: 3,
      apiRequestsToday: 8,
      apiErrorsToday: 1,
      apiErrorRateToday: 12.5,
      apiCharactersToday: 2500,
      estimatedApiCostToday: 0.45,
    });
  });

  it('prices each row by its engine: the offline and neural voices are free', async () => {
    const fresh = await createTestApp({ now: NOW });
    const saved = t;
    t = fresh;
    try {
      const a = await createUser(fresh, { role: 'admin' });
      await metric(NOW, 'success', 1000, { provider: 'local', usdPer1000: 0 });
      await metric(NOW, 'success', 1000, { provider: 'neural', usdPer1000: 0 });
      await metric(NOW, 'success', 2000, { provider: 'openai', usdPer1000: 0.015 });
      await metric(NOW, 'success', 500);
      const body = adminDashboardSchema.parse(
        (
          await fresh.request({ method: 'GET', url: '/api/admin/dashboard', cookie: a.cookie })
        ).json(),
      );
      expect(body.apiCharactersToday).toBe(4500);
      expect(body.estimatedApiCostToday).toBe(0.12);
    } finally {
      t = saved;
      await fresh.close();
    }
  });

  it('moves "today" with the clock', async () => {
    t.clock.set('2026-03-16T08:00:00.000Z');
    try {
      // An admin session idles out after 30 minutes (docs/glossary.md#S3): sign in again on the new day.
      const next = await dashboard({ ...admin, cookie: await signIn(t, admin) });
      expect(next.day).toBe('2026-03-16');
      expect(next.newUsersToday).toBe(1);
      expect(next.apiRequestsToday).toBe(1);
      expect(next.apiErrorRateToday).toBe(100);
      expect(next.estimatedApiCostToday).toBe(1.8);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('rounds the error rate to one decimal', async () => {
    const fresh = await createTestApp({ now: NOW });
    try {
      const a = await createUser(fresh, { role: 'admin' });
      const ins = (status: 'success' | 'error') =>
        fresh.db.kysely
          .insertInto('voice_provider_metrics')
          .values({
            id: newId(),
            provider: 'elevenlabs',
            cost_usd: 0.00018,
            request_id: newId(),
            voice_id: 'v',
            voice_name: 'Tom',
            character_count: 1,
            latency_ms: 1,
            status,
            endpoint: 'text-to-speech',
            request_metadata: '{}',
            created_at: NOW,
            user_id: null,
            provider_request_id: null,
            first_byte_ms: null,
            error: null,
            credits_used: null,
            model_id: null,
          })
          .execute();
      await ins('error');
      await ins('success');
      await ins('success');
      const res = await fresh.request({
        method: 'GET',
        url: '/api/admin/dashboard',
        cookie: a.cookie,
      });
      const body = adminDashboardSchema.parse(res.json());
      expect(body.apiErrorRateToday).toBe(33.3);
      expect(body.estimatedApiCostToday).toBe(0.0005);
    } finally {
      await fresh.close();
    }
  });
});
