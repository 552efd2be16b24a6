import { describe, expect, it } from 'vitest';
import { adminDashboardSchema, adminUserDetailsSchema } from '@doublecast/common/admin';
import type { TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';

const NOW = '2026-03-15T12:00:00.000Z';

describe('admin diagnostics', () => {
  let t: TestApp, admin: TestUser, user: TestUser;
  withAdminTestApp({ now: NOW }, (s) => ({ t, admin, user } = s));

  const post = (url: string, payload: unknown, who: TestUser = admin) =>
    t.request({ method: 'POST', url, payload: payload as object, cookie: who.cookie });
  const actions = async (userId: string) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/admin/logs?targetUserId=${userId}`,
        cookie: admin.cookie,
      })
    )
      .json()
      .entries.map((e: { action: string }) => e.action);

  it('creates a missing user record once, and logs it', async () => {
    const res = await post('/api/admin/diagnostics/user-record', {
      email: 'New.Person@Example.com',
    });
    expect(res.statusCode).toBe(201);
    const { userId, message } = res.json();
    expect(message).toBe('User record created');
    const again = await post('/api/admin/diagnostics/user-record', {
      email: 'new.person@example.com',
    });
    expect(again.json()).toEqual({ message: 'A user record already exists', userId });
    expect(await actions(userId)).toEqual(['diagnostics_user_record_created']);
    const bad = await post('/api/admin/diagnostics/user-record', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid email address.');
  });

  it('updates the last sign-in, logged', async () => {
    t.clock.set('2026-03-15T12:05:00.000Z');
    try {
      const res = await post('/api/admin/diagnostics/last-sign-in', { userId: user.id });
      expect(res.statusCode).toBe(200);
      const details = adminUserDetailsSchema.parse(
        (
          await t.request({
            method: 'GET',
            url: `/api/admin/users/${user.id}`,
            cookie: admin.cookie,
          })
        ).json(),
      );
      expect(details.lastSignInAt).toBe('2026-03-15T12:05:00.000Z');
      expect(await actions(user.id)).toEqual(['diagnostics_last_sign_in_updated']);
      expect(
        (await post('/api/admin/diagnostics/last-sign-in', { userId: 'nobody' })).statusCode,
      ).toBe(404);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('test recordings count for the user, stay out of their history and of the dashboard', async () => {
    const dashboard = async () =>
      adminDashboardSchema.parse(
        (
          await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: admin.cookie })
        ).json(),
      ).totalRecordings;
    const before = await dashboard();
    const res = await post('/api/admin/diagnostics/test-recordings', { userId: user.id, count: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('3 test recordings created');
    const details = adminUserDetailsSchema.parse(
      (
        await t.request({ method: 'GET', url: `/api/admin/users/${user.id}`, cookie: admin.cookie })
      ).json(),
    );
    expect(details.recordingsCount).toBe(3);
    expect(await dashboard()).toBe(before);
    const history = await t.request({
      method: 'GET',
      url: '/api/readings',
      cookie: user.cookie,
    });
    expect(history.json().generations).toEqual([]);
    expect(await actions(user.id)).toContain('diagnostics_test_recordings_created');
    for (const count of [0, 11, 1.5]) {
      expect(
        (await post('/api/admin/diagnostics/test-recordings', { userId: user.id, count }))
          .statusCode,
      ).toBe(400);
    }
  });

  it('refuses plain users with 403', async () => {
    for (const [url, payload] of [
      ['/api/admin/diagnostics/user-record', { email: 'x@example.com' }],
      ['/api/admin/diagnostics/last-sign-in', { userId: user.id }],
      ['/api/admin/diagnostics/test-recordings', { userId: user.id }],
    ] as const) {
      expect((await post(url, payload, user)).statusCode).toBe(403);
    }
  });
});
