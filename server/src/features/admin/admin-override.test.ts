import { describe, expect, it } from 'vitest';
import {
  adminLogListSchema,
  adminUserRowSchema,
  OVERRIDE_DAYS_ERROR,
} from '@doublecast/common/admin';
import { createUser, signIn, type TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import { createFakeSynthesis } from '../../test/fake-synthesis';

const NOW = '2026-03-15T12:00:00.000Z';
const DAY = 24 * 3600 * 1000;
const SUBSCRIBE =
  'Subscribe to unlock the Voice Studio and start creating professional voice readings!';

describe('admin override and revoke', () => {
  let t: TestApp, admin: TestUser;
  withAdminTestApp(
    { now: NOW, user: false, synthesis: createFakeSynthesis({ frames: 20 }) },
    (s) => ({ t, admin } = s),
  );

  const override = (who: TestUser, userId: string, payload: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/users/${userId}/override`,
      payload: payload as object,
      cookie: who.cookie,
    });
  const revoke = (who: TestUser, userId: string) =>
    t.request({ method: 'DELETE', url: `/api/admin/users/${userId}/override`, cookie: who.cookie });
  const logs = async (targetUserId: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/logs?targetUserId=${targetUserId}`,
      cookie: admin.cookie,
    });
    return adminLogListSchema.parse(res.json()).entries;
  };
  const tierOf = async (u: TestUser) => {
    const sub = await t.request({ method: 'GET', url: '/api/subscription', cookie: u.cookie });
    const usage = await t.request({ method: 'GET', url: '/api/usage', cookie: u.cookie });
    return { tier: sub.json().tier as string, limit: usage.json().limit as number };
  };
  const studio = (u: TestUser) =>
    t.request({
      method: 'POST',
      url: '/api/readings',
      payload: { voiceId: 'v-ava', text: 'Hello there.' },
      cookie: u.cookie,
    });
  /** Moves the clock; both sessions are signed in again (admin sessions idle out after 30 min). */
  const moveClock = async (to: string, ...users: TestUser[]) => {
    t.clock.set(to);
    for (const u of [admin, ...users]) u.cookie = await signIn(t, u);
  };

  it('an override to paid opens the Studio and the paid allowance until it expires, with no job', async () => {
    const user = await createUser(t);
    expect(await tierOf(user)).toEqual({ tier: 'free', limit: 10_000 });
    expect((await studio(user)).json().error.message).toBe(SUBSCRIBE);

    const res = await override(admin, user.id, { tier: 'paid', days: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const row = adminUserRowSchema.parse(res.json());
    const expiresAt = new Date(Date.parse(NOW) + 2 * DAY).toISOString();
    expect(row).toMatchObject({
      tier: 'paid',
      overrideActive: true,
      override: {
        status: 'active',
        tier: 'paid',
        expiresAt,
        reason: 'Admin override',
        createdBy: admin.id,
        createdAt: NOW,
      },
    });
    expect(await tierOf(user)).toEqual({ tier: 'paid', limit: 30_000 });
    const made = await studio(user);
    expect(made.statusCode, made.body).toBe(200);

    const [entry] = await logs(user.id);
    expect(entry).toMatchObject({
      adminId: admin.id,
      adminEmail: admin.email,
      action: 'subscription_override',
      targetUserId: user.id,
      metadata: { tier: 'paid', days: 2, expiresAt, reason: 'Admin override' },
      createdAt: NOW,
    });

    try {
      await moveClock(new Date(Date.parse(expiresAt) - 1).toISOString(), user);
      expect((await tierOf(user)).tier).toBe('paid');
      await moveClock(expiresAt, user);
      expect(await tierOf(user)).toEqual({ tier: 'free', limit: 10_000 });
      expect((await studio(user)).json().error.message).toBe(SUBSCRIBE);
    } finally {
      await moveClock(NOW, user);
    }
  });

  it('an override to free closes the Studio to a paying subscriber; revoking restores it, logged', async () => {
    const user = await createUser(t, { tier: 'paid' });
    expect(
      (await override(admin, user.id, { tier: 'free', days: 30, reason: 'Chargeback' })).statusCode,
    ).toBe(200);
    expect(await tierOf(user)).toEqual({ tier: 'free', limit: 10_000 });
    expect((await studio(user)).statusCode).toBe(403);

    const res = await revoke(admin, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminUserRowSchema.parse(res.json())).toMatchObject({
      tier: 'paid',
      override: null,
      overrideActive: false,
    });
    expect(await tierOf(user)).toEqual({ tier: 'paid', limit: 30_000 });
    const entries = await logs(user.id);
    expect(entries.map((e) => e.action)).toEqual([
      'subscription_override_revoked',
      'subscription_override',
    ]);
    expect(entries[0]!.metadata).toMatchObject({ tier: 'free', reason: 'Chargeback' });
    // Who did it to whom, by email, for the log to say in words.
    expect(entries[0]).toMatchObject({
      adminEmail: admin.email,
      targetUserId: user.id,
      targetEmail: user.email,
    });

    // Nothing left to revoke: refused, and nothing more is logged.
    const again = await revoke(admin, user.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This user has no override to revoke');
    expect(await logs(user.id)).toHaveLength(2);
  });

  it('defaults to paid for 30 days with the reason "Admin override"', async () => {
    const user = await createUser(t);
    const row = adminUserRowSchema.parse((await override(admin, user.id, {})).json());
    expect(row.override).toMatchObject({
      tier: 'paid',
      expiresAt: new Date(Date.parse(NOW) + 30 * DAY).toISOString(),
      reason: 'Admin override',
    });
  });

  it('refuses bad durations and tiers with 400, changing and logging nothing', async () => {
    const user = await createUser(t);
    for (const payload of [
      { days: 0 },
      { days: 366 },
      { days: 1.5 },
      { days: '7' },
      { days: -3 },
      { tier: 'gold' },
      { reason: 'x'.repeat(201) },
    ]) {
      const res = await override(admin, user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
      if ('days' in payload) expect(res.json().error.message).toBe(OVERRIDE_DAYS_ERROR);
    }
    expect(await tierOf(user)).toEqual({ tier: 'free', limit: 10_000 });
    expect(await logs(user.id)).toEqual([]);
    const unknown = await override(admin, 'no-such-user', { days: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(await logs('no-such-user')).toEqual([]);
  });

  it('refuses plain users: 403, nothing changed or logged', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    expect((await override(user, user.id, { tier: 'paid', days: 365 })).statusCode).toBe(403);
    expect((await override(user, other.id, { tier: 'paid', days: 365 })).statusCode).toBe(403);
    await override(admin, other.id, { tier: 'paid', days: 3 });
    expect((await revoke(user, other.id)).statusCode).toBe(403);
    expect((await tierOf(user)).tier).toBe('free');
    expect((await tierOf(other)).tier).toBe('paid');
    expect(await logs(user.id)).toEqual([]);
    expect(await logs(other.id)).toHaveLength(1);
  });

  it('an admin overriding themselves is logged like any other override', async () => {
    const res = await override(admin, admin.id, { tier: 'free', days: 1 });
    expect(res.statusCode).toBe(200);
    // Admins count as paid whatever the override says (decisions: "An admin is treated as paid").
    expect(adminUserRowSchema.parse(res.json()).tier).toBe('paid');
    expect((await logs(admin.id))[0]).toMatchObject({
      action: 'subscription_override',
      adminId: admin.id,
      targetUserId: admin.id,
    });
    expect((await revoke(admin, admin.id)).statusCode).toBe(200);
    expect((await logs(admin.id))[0]!.action).toBe('subscription_override_revoked');
  });

  it('writes the log in the same transaction: a failed log write leaves no override', async () => {
    const user = await createUser(t);
    // Break the log table for one request; the override's UPDATE must roll back with it.
    await t.db.kysely.schema.alterTable('admin_logs').renameTo('admin_logs_away').execute();
    try {
      const res = await override(admin, user.id, { tier: 'paid', days: 3 });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.kysely.schema.alterTable('admin_logs_away').renameTo('admin_logs').execute();
    }
    expect(await tierOf(user)).toEqual({ tier: 'free', limit: 10_000 });
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['override_status', 'override_tier'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ override_status: null, override_tier: null });
  });
});
