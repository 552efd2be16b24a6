import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REAUTH_REQUIRED } from '@doublecast/common/admin';
import { newId } from '../../lib/ids';
import { createUser, type TestUser } from '../../test/factories';
import { createApp } from '../../app';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import { insertCredentialAccount } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import { isAccountsAuth } from '../auth/session-auth';

const NOW = '2026-03-15T12:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const PASSWORD = 'correct horse battery';

describe('admin re-authentication before overrides, revokes and exports', () => {
  let t: TestApp, admin: TestUser, user: TestUser;
  withAdminTestApp({ now: NOW }, (s) => ({ t, admin, user } = s));
  beforeAll(async () => {
    await insertCredentialAccount(t.db.kysely, {
      id: newId(),
      userId: admin.id,
      phc: await hashPassword(PASSWORD),
      now: NOW,
    });
  });

  const override = () =>
    t.request({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/override`,
      payload: { days: 3 },
      cookie: admin.cookie,
    });
  const revoke = () =>
    t.request({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/override`,
      cookie: admin.cookie,
    });
  const exportCsv = () =>
    t.request({ method: 'GET', url: '/api/admin/users/export.csv', cookie: admin.cookie });
  const reauth = (password: string) =>
    t.request({
      method: 'POST',
      url: '/api/admin/reauthenticate',
      payload: { password },
      cookie: admin.cookie,
    });
  const logCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('admin_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('allows them within 10 minutes of sign-in, asks again after, and a password re-opens them', async () => {
    t.clock.set(at(10));
    expect((await override()).statusCode).toBe(200);

    // 11 minutes after sign-in, the session lives (30 min idle) but the sensitive actions stop.
    t.clock.set(at(21));
    const before = await logCount();
    for (const res of [await revoke(), await exportCsv(), await override()]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'unauthenticated',
          message: ADMIN_REAUTH_REQUIRED,
          details: { reason: 'reauth-required' },
        },
      });
    }
    expect(await logCount()).toBe(before);
    // Reading still works.
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/users', cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);

    const wrong = await reauth('not it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Current password is incorrect');
    expect((await revoke()).statusCode).toBe(401);

    expect((await reauth(PASSWORD)).statusCode).toBe(204);
    expect((await revoke()).statusCode).toBe(200);
    expect((await exportCsv()).statusCode).toBe(200);

    // The re-authentication itself ages like a sign-in.
    t.clock.set(at(32));
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/users', cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    expect((await override()).statusCode).toBe(401);
  });

  it('counts 20 wrong passwords an hour per admin across server processes sharing the database', async () => {
    t.clock.set(NOW);
    await t.db.kysely.deleteFrom('failed_attempts').execute(); // the earlier tests' wrong passwords
    // The last-seen time this process holds for the admin's session is written, as its batch
    // would be within a second (decision 248), so the second process judges the same session.
    if (isAccountsAuth(t.ctx.auth)) await t.ctx.auth.flush();
    // A second server on the same database, as a second process would be.
    const { app: second } = await createApp({
      logger: false,
      env: t.env,
      db: t.db,
      clock: t.clock,
    });
    await second.ready();
    try {
      const attempt = (target: 'first' | 'second', password: string) => {
        const options = {
          method: 'POST' as const,
          url: '/api/admin/reauthenticate',
          payload: { password },
          headers: { 'sec-fetch-site': 'same-origin', cookie: admin.cookie },
        };
        return target === 'first'
          ? t.request({ ...options, cookie: admin.cookie })
          : second.inject(options);
      };
      for (let i = 0; i < 20; i++)
        expect((await attempt(i % 2 === 0 ? 'first' : 'second', 'wrong')).statusCode).toBe(400);
      for (const target of ['first', 'second'] as const) {
        const refused = await attempt(target, PASSWORD);
        expect(refused.statusCode, target).toBe(429);
        expect(refused.json().error.message).toBe('Too many attempts. Please try again later.');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      }
      // An hour after the first failures the window has room again, in both processes.
      t.clock.set(new Date(Date.parse(NOW) + 3600_000 + 1000).toISOString());
      expect((await attempt('second', PASSWORD)).statusCode).toBe(204);
      expect((await attempt('first', PASSWORD)).statusCode).toBe(204);
    } finally {
      await second.close();
      t.clock.set(NOW);
    }
  });

  it('is for admins only, and refuses an account without a password', async () => {
    t.clock.set(NOW);
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/reauthenticate',
      payload: { password: PASSWORD },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(403);
    const other = await createUser(t, { role: 'admin' });
    const noPassword = await t.request({
      method: 'POST',
      url: '/api/admin/reauthenticate',
      payload: { password: 'anything' },
      cookie: other.cookie,
    });
    expect(noPassword.statusCode).toBe(400);
  });
});
