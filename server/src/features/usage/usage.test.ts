import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { sumLedger } from './usage.repository';
import {
  commitReservation,
  getMonthlyUsage,
  getUsageStats,
  refundReservation,
  reserveCharacters,
} from './usage.service';

describe('monthly allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  const reserve = (userId: string, characters: number, key: string) =>
    reserveCharacters(t.ctx, {
      userId,
      characters,
      idempotencyKey: key,
      action: 'generation',
      voiceId: 'voice-1',
    });

  const counterEqualsLedger = async (userId: string, month = '2026-03') => {
    const row = await t.db.kysely
      .selectFrom('usage_counters')
      .select('used')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
    expect(Number(row?.used ?? 0)).toBe(await sumLedger(t.db.kysely, userId, month));
  };

  it('gives free users 10,000 and paid users 30,000 characters a UTC month', async () => {
    const free = await createUser(t, { tier: 'free' });
    const paid = await createUser(t, { tier: 'paid' });
    expect(await getMonthlyUsage(t.ctx, { userId: free.id })).toEqual({
      used: 0,
      limit: 10_000,
      remaining: 10_000,
      monthStart: '2026-03-01T00:00:00.000Z',
      tier: 'free',
      resetsAt: '2026-04-01T00:00:00.000Z',
    });
    const res = await t.request({ method: 'GET', url: '/api/usage', cookie: paid.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      used: 0,
      limit: 30_000,
      remaining: 30_000,
      monthStart: '2026-03-01T00:00:00.000Z',
      tier: 'paid',
      resetsAt: '2026-04-01T00:00:00.000Z',
    });
    expect((await t.request({ method: 'GET', url: '/api/usage' })).statusCode).toBe(401);
  });

  it('consumes up to the limit exactly and refuses the rest with the spec text and details', async () => {
    const user = await createUser(t, { tier: 'free' });
    expect(await reserve(user.id, 9_000, 'a')).toMatchObject({
      used: 9_000,
      limit: 10_000,
      remaining: 1_000,
      replayed: false,
    });
    const err = await reserve(user.id, 1_001, 'b').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'resource-exhausted',
      message:
        'Character limit exceeded! You have 1000 characters remaining this month. Upgrade to get unlimited access.',
      details: {
        reason: 'character_limit_exceeded',
        currentUsage: 9_000,
        limit: 10_000,
        remaining: 1_000,
      },
    });
    expect(await reserve(user.id, 1_000, 'c')).toMatchObject({ used: 10_000, remaining: 0 });
    expect(await getMonthlyUsage(t.ctx, { userId: user.id })).toMatchObject({
      used: 10_000,
      remaining: 0,
    });
    await counterEqualsLedger(user.id);
  });

  it('tells a paying user over the limit when the allowance resets, not to upgrade', async () => {
    const user = await createUser(t, { tier: 'paid' });
    await reserve(user.id, 29_995, 'paid-a');
    const err = await reserve(user.id, 6, 'paid-b').catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'resource-exhausted',
      message:
        'Character limit exceeded! You have 5 characters remaining this month. Your allowance resets on April 1, 2026.',
      details: { reason: 'character_limit_exceeded', limit: 30_000, remaining: 5 },
    });
    await counterEqualsLedger(user.id);
  });

  it('charges one idempotency key once', async () => {
    const user = await createUser(t, { tier: 'free' });
    const first = await reserve(user.id, 500, 'same-key');
    const again = await Promise.all([
      reserve(user.id, 500, 'same-key'),
      reserve(user.id, 500, 'same-key'),
    ]);
    for (const r of again)
      expect(r).toMatchObject({ reservationId: first.reservationId, used: 500, replayed: true });
    expect((await getMonthlyUsage(t.ctx, { userId: user.id })).used).toBe(500);
    // The same key is per user: another user's key does not collide.
    const other = await createUser(t, { tier: 'free' });
    expect(await reserve(other.id, 500, 'same-key')).toMatchObject({ used: 500, replayed: false });
    await counterEqualsLedger(user.id);
  });

  it('refunds once, and a retry of a refunded request is charged anew', async () => {
    const user = await createUser(t, { tier: 'free' });
    const r = await reserve(user.id, 700, 'k1');
    expect(await refundReservation(t.ctx, { reservationId: r.reservationId })).toEqual({
      refunded: true,
    });
    expect(await refundReservation(t.ctx, { reservationId: r.reservationId })).toEqual({
      refunded: false,
    });
    expect((await getMonthlyUsage(t.ctx, { userId: user.id })).used).toBe(0);
    const retry = await reserve(user.id, 700, 'k1');
    expect(retry).toMatchObject({ used: 700, replayed: false });
    expect(retry.reservationId).not.toBe(r.reservationId);
    await counterEqualsLedger(user.id);
    const ledger = await t.db.kysely
      .selectFrom('usage_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(ledger.map((l) => [l.kind, l.character_count])).toEqual(
      expect.arrayContaining([
        ['charge', 700],
        ['refund', -700],
        ['charge', 700],
      ]),
    );
    expect(await getUsageStats(t.ctx, { userId: user.id })).toEqual({
      totalCharacters: 700,
      totalReadings: 1,
    });
  });

  it('answers a replay as paid only once its charge is committed, and never refunds a committed charge whole', async () => {
    const user = await createUser(t, { tier: 'free' });
    const r = await reserve(user.id, 300, 'line-1');
    expect(r).toMatchObject({ replayed: false, committed: false });
    expect(await reserve(user.id, 300, 'line-1')).toMatchObject({
      reservationId: r.reservationId,
      replayed: true,
      committed: false,
    });
    expect(await commitReservation(t.ctx, r)).toBe(true);
    expect(await reserve(user.id, 300, 'line-1')).toMatchObject({
      replayed: true,
      committed: true,
    });
    expect(await refundReservation(t.ctx, r)).toEqual({ refunded: false });
    // Part of it may still go back (a Studio reading cut short after its first sentence).
    expect(await refundReservation(t.ctx, { ...r, characters: 100 })).toEqual({ refunded: true });
    expect((await getMonthlyUsage(t.ctx, { userId: user.id })).used).toBe(200);

    // Refunded whole first: it can no longer be committed, so nothing is sent against it.
    const gone = await reserve(user.id, 50, 'line-2');
    await refundReservation(t.ctx, gone);
    expect(await commitReservation(t.ctx, gone)).toBe(false);
    await counterEqualsLedger(user.id);
  });

  it('lets exactly one of a commit and a whole refund of the same charge win when they race', async () => {
    const user = await createUser(t, { tier: 'paid' });
    for (let i = 0; i < 20; i++) {
      const r = await reserve(user.id, 10, `race-${i}`);
      const [committed, { refunded }] = await Promise.all([
        commitReservation(t.ctx, r),
        refundReservation(t.ctx, r),
      ]);
      expect(committed !== refunded, `try ${i}`).toBe(true);
    }
    await counterEqualsLedger(user.id);
  });

  it('starts a new allowance in a new UTC month and refunds to the month of the charge', async () => {
    const user = await createUser(t, { tier: 'free' });
    t.clock.set('2026-03-31T23:59:00Z');
    const march = await reserve(user.id, 10_000, 'm1');
    await expect(reserve(user.id, 1, 'm2')).rejects.toMatchObject({ code: 'resource-exhausted' });
    t.clock.set('2026-04-01T00:00:30Z');
    expect(await reserve(user.id, 10_000, 'm3')).toMatchObject({ used: 10_000 });
    await refundReservation(t.ctx, { reservationId: march.reservationId });
    expect((await getMonthlyUsage(t.ctx, { userId: user.id })).used).toBe(10_000);
    await counterEqualsLedger(user.id, '2026-03');
    await counterEqualsLedger(user.id, '2026-04');
    t.clock.set('2026-03-15T12:00:00Z');
    expect((await getMonthlyUsage(t.ctx, { userId: user.id })).used).toBe(0);
  });

  it('refuses non-positive sizes', async () => {
    const user = await createUser(t, { tier: 'paid' });
    await expect(reserve(user.id, 0, 'z')).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
