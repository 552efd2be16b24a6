import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, insertSession, signIn } from '../../test/factories';
import { lastMailedToken } from '../../test/mail';
import { historyStatus, sendPassword, whoAmI } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  SESSION_CACHE_TTL_MIN_SHARE,
  SESSION_CACHE_TTL_MS,
  sessionCacheTtl,
} from './session-policy';

/**
 * The session lookup cache (decision 233) in one process: it is used (a row removed behind its
 * back still answers until the TTL), yet every change made through the app reaches it at once
 * and it never lets an ended session through. Two processes: shared-state.test.ts.
 */
describe('session lookup cache', () => {
  let t: TestApp;
  const PROMOTED = 'promoted@example.com';
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: PROMOTED } });
    // On PostgreSQL nothing is cached until the LISTEN connection is open.
    await vi.waitFor(() => expect(t.ctx.sessionEvents.delivering()).toBe(true), {
      timeout: 10_000,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is used: a session row deleted behind its back still answers until the TTL', async () => {
    const user = await createUser(t);
    expect((await whoAmI(t, user.cookie))?.id).toBe(user.id);
    await t.db.kysely.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute();
    expect((await whoAmI(t, user.cookie))?.id).toBe(user.id);
    t.clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect(await whoAmI(t, user.cookie)).toBeNull();
  });

  it('keeps rows cached together for different times, all within the TTL (decision 233)', async () => {
    const user = await createUser(t);
    const cookies: string[] = [];
    for (let i = 0; i < 20; i++) cookies.push(await insertSession(t, user));
    for (const cookie of cookies) expect((await whoAmI(t, cookie))?.id).toBe(user.id);
    await t.db.kysely.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute();

    // From here a session answers only while its row is still cached.
    const shortest = SESSION_CACHE_TTL_MS * SESSION_CACHE_TTL_MIN_SHARE;
    const step = (SESSION_CACHE_TTL_MS - shortest) / 5;
    const probes = [
      shortest - 1,
      ...[1, 2, 3, 4, 5].map((k) => shortest + k * step),
      SESSION_CACHE_TTL_MS + 1,
    ];
    const droppedAt = new Map<string, number>();
    let now = 0;
    for (const at of probes) {
      t.clock.advance(at - now);
      now = at;
      for (const cookie of cookies) {
        if (!droppedAt.has(cookie) && (await whoAmI(t, cookie)) === null) droppedAt.set(cookie, at);
      }
    }
    const times = [...droppedAt.values()];
    expect(times).toHaveLength(cookies.length);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(shortest);
    expect(Math.max(...times)).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS + 1);
    // 20 rows over 5 equal slices of the spread: all in one slice would be (1/5)^19 likely.
    expect(new Set(times).size).toBeGreaterThan(1);
  });

  it("draws a row's lifetime between its share of the TTL and the TTL", () => {
    expect(sessionCacheTtl(0)).toBe(SESSION_CACHE_TTL_MS * SESSION_CACHE_TTL_MIN_SHARE);
    expect(sessionCacheTtl(0.5)).toBe(
      (SESSION_CACHE_TTL_MS * (1 + SESSION_CACHE_TTL_MIN_SHARE)) / 2,
    );
    expect(sessionCacheTtl(0.999_999)).toBeLessThan(SESSION_CACHE_TTL_MS);
  });

  it('refuses a signed-out cookie at once, and its hostile reuse on any route', async () => {
    const user = await createUser(t);
    expect(await historyStatus(t, user.cookie)).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: user.cookie });
    expect(out.statusCode).toBe(200);
    expect(await whoAmI(t, user.cookie)).toBeNull();
    expect(await historyStatus(t, user.cookie)).toBe(401);
    expect((await sendPassword(t, user.cookie, 'a new password')).statusCode).toBe(401);
  });

  it('ends every other session at once on a password change and on a reset', async () => {
    const user = await createUser(t);
    const other = await insertSession(t, user);
    expect((await sendPassword(t, user.cookie, 'first password')).statusCode).toBe(200);
    expect(await historyStatus(t, other)).toBe(200);
    const changed = await sendPassword(t, user.cookie, 'second password', 'first password');
    expect(changed.statusCode).toBe(200);
    expect(await historyStatus(t, other)).toBe(401);
    expect(await historyStatus(t, user.cookie)).toBe(401);

    const fresh = String(changed.headers['set-cookie']).split(';')[0]!;
    expect(await historyStatus(t, fresh)).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = lastMailedToken(t, user.email, '/reset-password');
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'third password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await historyStatus(t, fresh)).toBe(401);
  });

  it('shows a role change at once (a sign-in that grants ADMIN_EMAILS the admin role)', async () => {
    const user = await createUser(t, { email: PROMOTED });
    // createUser's own sign-in promoted the account; put it back to see the change happen.
    await t.db.kysely
      .updateTable('users')
      .set({ role: 'user' })
      .where('id', '=', user.id)
      .execute();
    const before = await insertSession(t, user);
    expect((await whoAmI(t, before))?.role).toBe('user');
    await signIn(t, user);
    expect((await whoAmI(t, before))?.role).toBe('admin');
  });

  it('never lets an ended session through: each hit re-applies the expiry rules', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const now = t.clock.now().getTime();
    // Ends by its expiry time 2 s from now, inside the cache's 5 s.
    const expiring = await insertSession(t, user, { expiresAt: new Date(now + 2000) });
    // An admin session 2 s short of its 12 hours.
    const old = await insertSession(t, admin, { createdAt: new Date(now - 12 * 3600_000 + 2000) });
    expect((await whoAmI(t, expiring))?.id).toBe(user.id);
    expect((await whoAmI(t, old))?.id).toBe(admin.id);
    t.clock.advance(2000);
    expect(await whoAmI(t, expiring)).toBeNull();
    expect(await whoAmI(t, old)).toBeNull();
    // Ended sessions are deleted, not only refused.
    const left = await t.db.kysely
      .selectFrom('auth_sessions')
      .select('token')
      .where('user_id', 'in', [user.id, admin.id])
      .execute();
    expect(left).toHaveLength(2);
  });

  it('writes last-seen times together, and a lookup meanwhile sees the waiting one', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const stored = () =>
      t.db.kysely
        .selectFrom('auth_sessions')
        .select('last_seen_at')
        .where('user_id', '=', admin.id)
        .executeTakeFirstOrThrow();
    const signedInAt = (await stored()).last_seen_at;
    t.clock.advance(29 * 60_000);
    expect((await whoAmI(t, admin.cookie))?.id).toBe(admin.id);
    // Not written yet: the touch waits for others.
    expect((await stored()).last_seen_at).toBe(signedInAt);
    // Dropped from the cache; 31 minutes after the stored time, 2 after the waiting one.
    await t.ctx.sessionEvents.publish({ kind: 'user', userId: admin.id });
    t.clock.advance(2 * 60_000);
    expect((await whoAmI(t, admin.cookie))?.id).toBe(admin.id);
    await vi.waitFor(async () => expect((await stored()).last_seen_at).not.toBe(signedInAt), {
      timeout: 5000,
    });
  });
});
