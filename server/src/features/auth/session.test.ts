import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieAttributes, createUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashSessionToken } from './auth-engine';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const session = (cookie?: string) => t.request({ method: 'GET', url: '/api/session', cookie });

  it('a factory user is signed in with a real session whose token is stored only hashed', async () => {
    const user = await createUser(t, { role: 'admin' });
    const res = await session(user.cookie);
    expect(res.json()).toEqual({ user: { id: user.id, email: user.email, role: 'admin' } });
    const token = user.cookie.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const rows = await t.db.kysely
      .selectFrom('auth_sessions')
      .select('token')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ token: hashSessionToken(token) }]);
  });

  it('takes the role from the users row', async () => {
    const user = await createUser(t);
    await t.db.kysely
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', user.id)
      .execute();
    expect((await session(user.cookie)).json().user.role).toBe('admin');
  });

  it('answers signed-out for no cookie, a forged cookie, and a replayed cookie after sign-out', async () => {
    const user = await createUser(t);
    expect((await session()).json()).toEqual({ user: null });
    expect(
      (await session('dc_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).json(),
    ).toEqual({ user: null });
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: user.cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^dc_session=;/);
    expect(cookieAttributes(String(out.headers['set-cookie']))).toEqual(
      ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax'].sort(),
    );
    expect((await session(user.cookie)).json()).toEqual({ user: null });
  });

  it('ends a user session after 7 idle days and an admin session after 30 idle minutes', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    t.clock.advance(29 * 60_000);
    expect((await session(admin.cookie)).json().user).not.toBeNull();
    t.clock.advance(29 * 60_000);
    expect((await session(admin.cookie)).json().user).not.toBeNull();
    t.clock.advance(31 * 60_000);
    expect((await session(admin.cookie)).json().user).toBeNull();
    t.clock.advance(6 * 24 * 3600_000);
    expect((await session(user.cookie)).json().user).not.toBeNull();
    t.clock.advance(7 * 24 * 3600_000);
    expect((await session(user.cookie)).json().user).toBeNull();
  });

  it('ends an admin session 12 hours after sign-in however active, a user session after 30 days', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (let i = 0; i < 26; i++) {
      t.clock.advance(29 * 60_000);
      await session(admin.cookie);
    }
    expect((await session(admin.cookie)).json().user).toBeNull();
    const user = await createUser(t);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(6 * 24 * 3600_000);
      expect((await session(user.cookie)).json().user).not.toBeNull();
    }
    t.clock.advance(6 * 24 * 3600_000);
    expect((await session(user.cookie)).json().user).toBeNull();
  });

  it('gives each sign-in a new token', async () => {
    const user = await createUser(t);
    const again = await signIn(t, user);
    expect(again).not.toBe(user.cookie);
    expect((await session(again)).json().user.id).toBe(user.id);
  });

  it('refuses a disabled user', async () => {
    const user = await createUser(t);
    await t.db.kysely.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    expect((await session(user.cookie)).json().user).toBeNull();
  });
});
