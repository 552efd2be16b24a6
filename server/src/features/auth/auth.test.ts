import { parseOptions } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { cookieAttributes, createUser } from '../../test/factories';
import { lastMailedToken, readOutbox } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from './passwords';

let ipCounter = 0;
/** Each scenario speaks from its own address, so the per-address sign-in limit stays out of the way. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com, Chief@Example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: unknown, opts: { cookie?: string; ip?: string } = {}) =>
    t.request({
      method: 'POST',
      url,
      payload: payload as object,
      cookie: opts.cookie,
      remoteAddress: opts.ip ?? freshIp(),
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;
  const whoAmI = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user;

  async function signUpByMagicLink(email: string): Promise<string> {
    expect((await post('/api/auth/magic-link', { email })).statusCode).toBe(200);
    const token = lastMailedToken(t, email, '/finish-sign-up');
    const res = await post('/api/auth/magic-link/verify', { email, token });
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  }

  describe('magic links', () => {
    it('mails a link with a text and an HTML part that names the product', async () => {
      const res = await post('/api/auth/magic-link', { email: 'New.Person@Example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const mail = readOutbox(t).at(-1)!;
      expect(mail.to).toContain('new.person@example.com');
      expect(mail.subject).toBe('Sign in to Doublecast');
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      const link = new URL(mail.links.find((l) => l.includes('/finish-sign-up'))!);
      expect(link.origin).toBe('http://localhost:3000');
      // 32 random bytes, base64url.
      expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('answers the same for an unknown and a known address, and refuses a malformed one', async () => {
      const known = await createUser(t);
      const a = await post('/api/auth/magic-link', { email: known.email });
      const b = await post('/api/auth/magic-link', { email: 'nobody-here@example.com' });
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
      const bad = await post('/api/auth/magic-link', { email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(AUTH_TEXT.magicLinkInvalidEmail);
    });

    it('stores only a digest of the token', async () => {
      await post('/api/auth/magic-link', { email: 'digest@example.com' });
      const token = lastMailedToken(t, 'digest@example.com', '/finish-sign-up');
      const rows = await t.db.kysely
        .selectFrom('auth_verifications')
        .select(['identifier', 'value'])
        .execute();
      for (const r of rows) {
        expect(r.identifier).not.toContain(token);
        expect(r.value).not.toContain(token);
      }
    });

    it('creates the user with the spec defaults on first sign-in, after 10 GETs of the link', async () => {
      const email = 'first@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      for (let i = 0; i < 10; i++) {
        await t.request({
          method: 'GET',
          url: `/finish-sign-up?token=${encodeURIComponent(token)}`,
        });
      }
      const res = await post('/api/auth/magic-link/verify', { email, token });
      expect(res.statusCode).toBe(200);
      const user = res.json().user;
      expect(user).toMatchObject({ email, role: 'user' });
      expect(await whoAmI(cookieOf(res))).toEqual(user);
      const row = await t.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        funnel_stage: 'signup',
        subscription_status: 'inactive',
        subscription_tier: 'free',
        plan: 'free',
        quota_minutes_total: 10000,
        quota_minutes_used: 0,
        email_verified: 1,
        created_at: '2026-03-15T12:00:00.000Z',
        last_sign_in_at: '2026-03-15T12:00:00.000Z',
      });
    });

    it('works once: a second use gets the expired text', async () => {
      const email = 'once@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      expect((await post('/api/auth/magic-link/verify', { email, token })).statusCode).toBe(200);
      const again = await post('/api/auth/magic-link/verify', { email, token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(
        'Sign-in failed. This link has expired or has already been used.',
      );
    });

    it('is bound to its email: another address is refused and the owner can still use it', async () => {
      const email = 'owner@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      const wrong = await post('/api/auth/magic-link/verify', {
        email: 'thief@example.com',
        token,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe('Sign-in failed. The email address is invalid.');
      expect((await post('/api/auth/magic-link/verify', { email, token })).statusCode).toBe(200);
    });

    it('expires after 10 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
      const email = 'late@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
      const res = await post('/api/auth/magic-link/verify', { email, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_TEXT.finishExpired);
    });

    it('50 parallel uses of one link create exactly one session', async () => {
      const email = 'race@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => post('/api/auth/magic-link/verify', { email, token })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 400)).toBe(
        true,
      );
      const user = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const sessions = await t.db.kysely
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it('refuses a disabled account', async () => {
      const user = await createUser(t);
      await t.db.kysely
        .updateTable('users')
        .set({ disabled: 1 })
        .where('id', '=', user.id)
        .execute();
      await post('/api/auth/magic-link', { email: user.email });
      const token = lastMailedToken(t, user.email, '/finish-sign-up');
      const res = await post('/api/auth/magic-link/verify', { email: user.email, token });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Sign-in failed. This account has been disabled.');
    });

    it('sends at most 3 links per email in 15 minutes, then 429 with Retry-After', async () => {
      const email = 'spam@example.com';
      for (let i = 0; i < 3; i++)
        expect((await post('/api/auth/magic-link', { email })).statusCode).toBe(200);
      const res = await post('/api/auth/magic-link', { email });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await post('/api/auth/magic-link', { email })).statusCode).toBe(200);
    });
  });

  describe('admins', () => {
    it('ADMIN_EMAILS grants the admin role at sign-up', async () => {
      const cookie = await signUpByMagicLink('boss@example.com');
      expect((await whoAmI(cookie)).role).toBe('admin');
    });

    it('and at the next sign-in of an existing user; nobody else is admin', async () => {
      const existing = await createUser(t, { email: 'chief@example.com' });
      expect(existing.role).toBe('user');
      const cookie = await signUpByMagicLink('chief@example.com');
      expect((await whoAmI(cookie)).role).toBe('admin');
      const other = await signUpByMagicLink('plain@example.com');
      expect((await whoAmI(other)).role).toBe('user');
    });
  });

  describe('passwords', () => {
    it('set, sign out, sign in; the stored hash is argon2id m=19456 t=2 p=1', async () => {
      const email = 'pw@example.com';
      const cookie = await signUpByMagicLink(email);
      const account = await t.request({ method: 'GET', url: '/api/auth/account', cookie });
      expect(account.json()).toMatchObject({ email, hasPassword: false });

      const short = await post('/api/auth/set-password', { newPassword: 'short12' }, { cookie });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Password must be at least 8 characters');
      const long = await post(
        '/api/auth/set-password',
        { newPassword: 'x'.repeat(129) },
        { cookie },
      );
      expect(long.statusCode).toBe(400);

      expect(
        (await post('/api/auth/set-password', { newPassword: 'correct horse' }, { cookie }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: '/api/auth/account', cookie })).json().hasPassword,
      ).toBe(true);
      const again = await post(
        '/api/auth/set-password',
        { newPassword: 'another one' },
        { cookie },
      );
      expect(again.statusCode).toBe(409);

      const row = await t.db.kysely
        .selectFrom('auth_accounts')
        .innerJoin('users', 'users.id', 'auth_accounts.user_id')
        .select('auth_accounts.password')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const params = parseOptions(row.password!);
      expect(params).toMatchObject({
        algorithm: 2,
        memoryCost: 19456,
        timeCost: 2,
        parallelism: 1,
      });

      expect((await post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
      expect(await whoAmI(cookie)).toBeNull();
      const res = await post('/api/auth/sign-in', {
        email: 'PW@example.com',
        password: 'correct horse',
      });
      expect(res.statusCode).toBe(200);
      expect((await whoAmI(cookieOf(res))).email).toBe(email);
    });

    it('says "Incorrect email or password" for a wrong password and for an unknown email alike', async () => {
      const email = 'same@example.com';
      const cookie = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'right password' }, { cookie });
      const wrong = await post('/api/auth/sign-in', { email, password: 'wrong password' });
      const unknown = await post('/api/auth/sign-in', {
        email: 'ghost@example.com',
        password: 'wrong password',
      });
      const noPassword = await post('/api/auth/sign-in', {
        email: 'first@example.com',
        password: 'wrong password',
      });
      for (const r of [wrong, unknown, noPassword]) {
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({
          error: { code: 'unauthenticated', message: 'Incorrect email or password' },
        });
        expect(r.headers['set-cookie']).toBeUndefined();
      }
      const bad = await post('/api/auth/sign-in', { email: 'nope', password: 'x' });
      expect(bad.json().error.message).toBe('Please enter a valid email address');
    });

    it('a disabled account is told so only after the right password, and gets no session', async () => {
      const email = 'disabled-pw@example.com';
      const cookie = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'valid password' }, { cookie });
      const disabled = await t.db.kysely
        .updateTable('users')
        .set({ disabled: 1 })
        .where('email', '=', email)
        .returning('id')
        .executeTakeFirstOrThrow();
      // What a path that disables an account does after its commit (decision 233).
      await t.ctx.sessionEvents.publish({ kind: 'user', userId: disabled.id });
      expect(await whoAmI(cookie)).toBeNull();
      const wrong = await post('/api/auth/sign-in', { email, password: 'not the password' });
      expect(wrong.json().error.message).toBe('Incorrect email or password');
      const right = await post('/api/auth/sign-in', { email, password: 'valid password' });
      expect(right.statusCode).toBe(403);
      expect(right.json().error.message).toBe('This account has been disabled.');
      expect(right.headers['set-cookie']).toBeUndefined();
      const user = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(
        await t.db.kysely
          .selectFrom('auth_sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute(),
      ).toEqual([]);
    });

    it('re-hashes at sign-in when the stored parameters are older', async () => {
      const email = 'rehash@example.com';
      const cookie = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'old params pw' }, { cookie });
      const { hash } = await import('@node-rs/argon2');
      const weak = await hash('old params pw', { memoryCost: 8192, timeCost: 1, parallelism: 1 });
      const user = await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .updateTable('auth_accounts')
        .set({ password: weak })
        .where('user_id', '=', user.id)
        .execute();
      expect(
        (await post('/api/auth/sign-in', { email, password: 'old params pw' })).statusCode,
      ).toBe(200);
      const row = await t.db.kysely
        .selectFrom('auth_accounts')
        .select('password')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password).not.toBe(weak);
      expect(parseOptions(row.password!)).toMatchObject({
        memoryCost: 19456,
        timeCost: 2,
        parallelism: 1,
      });
    });

    it('change: checks the current password, ends the old sessions, keeps the caller signed in', async () => {
      const email = 'change@example.com';
      const first = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'first password' }, { cookie: first });
      const other = cookieOf(
        await post('/api/auth/sign-in', { email, password: 'first password' }),
      );
      const wrong = await post(
        '/api/auth/change-password',
        { currentPassword: 'nope nope', newPassword: 'second password' },
        { cookie: first },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe('Current password is incorrect');
      const weak = await post(
        '/api/auth/change-password',
        { currentPassword: 'first password', newPassword: 'short' },
        { cookie: first },
      );
      expect(weak.json().error.message).toBe('Password must be at least 8 characters');
      const ok = await post(
        '/api/auth/change-password',
        { currentPassword: 'first password', newPassword: 'second password' },
        { cookie: first },
      );
      expect(ok.statusCode).toBe(200);
      const fresh = cookieOf(ok);
      expect(fresh).not.toBe(first);
      expect(await whoAmI(fresh)).toMatchObject({ email });
      for (const old of [first, other]) {
        expect(
          (await t.request({ method: 'GET', url: '/api/auth/account', cookie: old })).statusCode,
        ).toBe(401);
      }
      expect(
        (await post('/api/auth/sign-in', { email, password: 'first password' })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/sign-in', { email, password: 'second password' })).statusCode,
      ).toBe(200);
    });

    it('set-password and change-password need a session', async () => {
      const set = await post('/api/auth/set-password', { newPassword: 'whatever123' });
      expect(set.statusCode).toBe(401);
      expect(set.json().error.message).toBe('Please sign in again before setting a password');
      const change = await post('/api/auth/change-password', {
        currentPassword: 'a',
        newPassword: 'whatever123',
      });
      expect(change.statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/auth/account' })).statusCode).toBe(401);
    });

    it('reset by email: one-time link, sessions end, the new password signs in', async () => {
      const email = 'forgot@example.com';
      const cookie = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'forgotten one' }, { cookie });
      const before = readOutbox(t).length;
      const unknown = await post('/api/auth/forgot-password', {
        email: 'nobody-at-all@example.com',
      });
      expect(unknown.json()).toEqual({ ok: true });
      expect(readOutbox(t)).toHaveLength(before);
      expect((await post('/api/auth/forgot-password', { email })).json()).toEqual({ ok: true });
      const mail = readOutbox(t).at(-1)!;
      expect(mail.subject).toBe('Reset your Doublecast password');
      const token = lastMailedToken(t, email, '/reset-password');
      const rows = await t.db.kysely
        .selectFrom('auth_verifications')
        .select('identifier')
        .execute();
      expect(rows.some((r) => r.identifier.includes(token))).toBe(false);

      const short = await post('/api/auth/reset-password', { token, newPassword: 'short' });
      expect(short.json().error.message).toBe('Password must be at least 8 characters');
      expect(
        (await post('/api/auth/reset-password', { token, newPassword: 'remembered now' }))
          .statusCode,
      ).toBe(200);
      expect(await whoAmI(cookie)).toBeNull();
      const reused = await post('/api/auth/reset-password', {
        token,
        newPassword: 'third attempt',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.message).toBe(AUTH_TEXT.resetLinkExpired);
      expect(
        (await post('/api/auth/sign-in', { email, password: 'forgotten one' })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/sign-in', { email, password: 'remembered now' })).statusCode,
      ).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('the 6th sign-in attempt in a minute from one address gets 429 with Retry-After', async () => {
      const ip = '192.0.2.10';
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await post(
              '/api/auth/sign-in',
              { email: `x${i}@example.com`, password: 'whatever1' },
              { ip },
            )
          ).statusCode,
        ).toBe(401);
      }
      const res = await post(
        '/api/auth/sign-in',
        { email: 'x@example.com', password: 'whatever1' },
        { ip },
      );
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('resource-exhausted');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      t.clock.advance(61_000);
      expect(
        (await post('/api/auth/sign-in', { email: 'x@example.com', password: 'whatever1' }, { ip }))
          .statusCode,
      ).toBe(401);
    });

    it('a spoofed X-Forwarded-For does not escape the per-address limit (no trusted proxy)', async () => {
      const ip = '192.0.2.77';
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: `spoof${i}@example.com`, password: 'whatever1' },
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('20 failures in an hour lock the account for the hour, even from many addresses', async () => {
      const email = 'locked@example.com';
      const cookie = await signUpByMagicLink(email);
      await post('/api/auth/set-password', { newPassword: 'the real one' }, { cookie });
      for (let i = 0; i < 20; i++) {
        expect(
          (await post('/api/auth/sign-in', { email, password: `guess ${i}` })).statusCode,
        ).toBe(401);
      }
      const blocked = await post('/api/auth/sign-in', { email, password: 'the real one' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(3600_000 + 1000);
      expect(
        (await post('/api/auth/sign-in', { email, password: 'the real one' })).statusCode,
      ).toBe(200);
    });
  });

  describe('session cookie', () => {
    it('is __Host-, Secure, HttpOnly, SameSite=Lax, with no Domain, when cookies are secure', async () => {
      const secure = await createTestApp({ env: { SECURE_COOKIES: 'true' } });
      try {
        const email = 'cookie@example.com';
        await secure.request({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
        const token = lastMailedToken(secure, email, '/finish-sign-up');
        const res = await secure.request({
          method: 'POST',
          url: '/api/auth/magic-link/verify',
          payload: { email, token },
        });
        const setCookie = String(res.headers['set-cookie']);
        expect(setCookie).toMatch(/^__Host-dc_session=[A-Za-z0-9_-]{32,};/);
        // Exactly these attributes (in any order): no Domain, no Expires.
        expect(cookieAttributes(setCookie)).toEqual(
          ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
        );
        const cookie = setCookie.split(';')[0]!;
        expect(
          (await secure.request({ method: 'GET', url: '/api/session', cookie })).json().user.email,
        ).toBe(email);
        const out = await secure.request({ method: 'POST', url: '/api/auth/sign-out', cookie });
        expect(String(out.headers['set-cookie'])).toMatch(/^__Host-dc_session=;/);
        expect(cookieAttributes(String(out.headers['set-cookie']))).toContain('Max-Age=0');
        expect(
          (await secure.request({ method: 'GET', url: '/api/auth/account', cookie })).statusCode,
        ).toBe(401);
      } finally {
        await secure.close();
      }
    });

    it('lives 12 hours for an admin', async () => {
      const email = 'boss@example.com';
      await post('/api/auth/magic-link', { email });
      const token = lastMailedToken(t, email, '/finish-sign-up');
      const res = await post('/api/auth/magic-link/verify', { email, token });
      expect(cookieAttributes(String(res.headers['set-cookie']))).toContain('Max-Age=43200');
    });
  });

  it('hashPassword makes a PHC string that carries its parameters', async () => {
    const phc = await hashPassword('some password');
    expect(parseOptions(phc)).toMatchObject({
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
  });
});
