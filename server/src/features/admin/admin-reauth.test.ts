import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REAUTH_REQUIRED } from '@doublecast/common/admin';
import { newId } from '../../lib/ids';
import { createUser, type TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import { insertCredentialAccount } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';

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
