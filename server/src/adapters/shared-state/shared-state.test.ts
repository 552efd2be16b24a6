import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { connect } from '../../db/connection';
import { RATE_LIMITS } from '../../http/rate-limit';
import { createUser, insertSession, signIn } from '../../test/factories';
import { historyStatus as history, sendPassword, whoAmI } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb, type TestDb } from '../../test/test-db';
import { usePostgres, type TestPostgres } from '../../test/postgres-server';
import type { MetricEvent } from '../../shared/metric-events';
import { invalidateVoiceCaches } from '../../features/voices/voices.service';

/** Two server processes' apps on one PostgreSQL database share what one process used to keep. */
describe('state shared by two server instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  let db: TestDb;
  let a: TestApp;
  let b: TestApp;
  const PROMOTED = 'promoted-shared@example.com';

  beforeAll(async () => {
    pg = await usePostgres();
    db = await createTestDb({ postgresUrl: pg.url });
    const url = db.connection.databaseUrl!;
    // The second instance has its own pool on the same database, as another process would.
    const own = connect({ databaseUrl: url });
    const env = { ADMIN_EMAILS: PROMOTED };
    a = await createTestApp({ db, env });
    b = await createTestApp({
      db: { ...own, connection: { databaseUrl: url }, destroy: () => own.close() },
      env,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    pg?.stop();
  });

  const contact = (t: TestApp, i: number) =>
    t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Ada', email: `ada${i}@example.com`, subject: 'Hello', message: 'Hi' },
      remoteAddress: '198.51.100.7',
    });

  it('counts one rate limit across both: the 6th contact message from an address is refused on either', async () => {
    const { max, windowMs } = RATE_LIMITS.contact;
    for (let i = 0; i < max; i++) {
      expect((await contact(i % 2 ? b : a, i)).statusCode).toBe(201);
    }
    expect((await contact(a, 98)).statusCode).toBe(429);
    const refused = await contact(b, 99);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other limits keep their own counts for the same address.
    const events = await b.request({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'page_view', properties: { path: '/' } },
      remoteAddress: '198.51.100.7',
    });
    expect(events.statusCode).not.toBe(429);
    // The window ends for both.
    a.clock.advance(windowMs + 1000);
    b.clock.advance(windowMs + 1000);
    expect((await contact(b, 100)).statusCode).toBe(201);
  });

  it('counts failed sign-ins per account across both: the 21st failure in an hour is refused', async () => {
    const signIn = (t: TestApp, i: number) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'target@example.com', password: `wrong password ${i}` },
        // A new address each time, so the per-address limit stays out of the way.
        remoteAddress: `203.0.113.${i + 1}`,
      });
    for (let i = 0; i < 20; i++) {
      expect((await signIn(i % 2 ? b : a, i)).statusCode).toBe(401);
    }
    for (const t of [a, b]) {
      const refused = await signIn(t, 40);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(AUTH_TEXT.tooManyAttempts);
    }
  });

  it("delivers the monitor's live events published on one instance to subscribers on the other", async () => {
    const seen: MetricEvent[] = [];
    const stop = b.ctx.metricEvents.subscribe((event) => seen.push(event));
    try {
      // LISTEN starts asynchronously: publish until the first one arrives, then exactly once.
      for (let i = 0; i < 100 && seen.length === 0; i++) {
        await a.ctx.metricEvents.publish({ id: `warm-${i}`, createdAt: new Date().toISOString() });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen.length).toBeGreaterThan(0);
      seen.length = 0;
      const event = { id: 'metric-1', createdAt: '2026-03-15T12:00:00.000Z' };
      await a.ctx.metricEvents.publish(event);
      await expect.poll(() => seen, { timeout: 5000 }).toEqual([event]);
    } finally {
      stop();
    }
  });

  it("clears the other instance's cached catalogue at once when one changes it", async () => {
    const featured = async (t: TestApp) =>
      (await t.request({ method: 'GET', url: '/api/voices/featured' })).json() as {
        voices: { id: string }[];
      };
    const before = await featured(b);
    expect(before.voices.length).toBeGreaterThan(1);
    const hidden = before.voices[0]!.id;
    // What every catalogue write does: change the rows, then clear the cached answer.
    await a.db.kysely.updateTable('voices').set({ featured: 0 }).where('id', '=', hidden).execute();
    invalidateVoiceCaches(a.ctx.db);
    // Well inside the 5 s the cached answer would otherwise live.
    await expect
      .poll(async () => (await featured(b)).voices.some((v) => v.id === hidden), {
        timeout: 2000,
        interval: 50,
      })
      .toBe(false);
  });

  describe('session lookup cache (decision 233)', () => {
    // Each app's clock stands still, so a cached row never ages out here: only the event can end it.
    const soon = { timeout: 2000, interval: 20 };

    beforeAll(async () => {
      for (const t of [a, b])
        await vi.waitFor(() => expect(t.ctx.sessionEvents.delivering()).toBe(true), {
          timeout: 10_000,
        });
    });

    it('is used by the other instance: a row deleted without an event still answers there', async () => {
      const user = await createUser(a);
      expect((await whoAmI(b, user.cookie))?.id).toBe(user.id);
      await a.db.kysely.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute();
      expect((await whoAmI(b, user.cookie))?.id).toBe(user.id);
      expect(await whoAmI(a, user.cookie)).toBeNull();
    });

    it('refuses on the other instance at once a cookie signed out on one, on any route', async () => {
      const user = await createUser(a);
      expect(await history(b, user.cookie)).toBe(200);
      const out = await a.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookie: user.cookie,
      });
      expect(out.statusCode).toBe(200);
      await expect.poll(() => whoAmI(b, user.cookie), soon).toBeNull();
      expect(await history(b, user.cookie)).toBe(401);
    });

    it('ends the sessions a password change revokes on the other instance too', async () => {
      const user = await createUser(a);
      const other = await insertSession(a, user);
      await sendPassword(a, user.cookie, 'first password');
      expect(await history(b, other)).toBe(200);
      const changed = await sendPassword(a, user.cookie, 'second password', 'first password');
      expect(changed.statusCode).toBe(200);
      await expect.poll(() => history(b, other), soon).toBe(401);
    });

    it('shows a role change made on one instance on the other', async () => {
      const user = await createUser(a, { email: PROMOTED });
      await a.db.kysely
        .updateTable('users')
        .set({ role: 'user' })
        .where('id', '=', user.id)
        .execute();
      const before = await insertSession(a, user);
      expect((await whoAmI(b, before))?.role).toBe('user');
      await signIn(a, user);
      await expect.poll(async () => (await whoAmI(b, before))?.role, soon).toBe('admin');
    });

    it('drops every entry when the LISTEN connection is lost, and caches again once it is back', async () => {
      const user = await createUser(a);
      expect((await whoAmI(b, user.cookie))?.id).toBe(user.id);
      // Deleted without an event: only dropping the whole cache can end it on b.
      await a.db.kysely.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute();
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`.execute(a.db.kysely);
      await expect.poll(() => whoAmI(b, user.cookie), soon).toBeNull();
      await vi.waitFor(() => expect(b.ctx.sessionEvents.delivering()).toBe(true), {
        timeout: 10_000,
      });
      const again = await createUser(a);
      expect((await whoAmI(b, again.cookie))?.id).toBe(again.id);
      await a.request({ method: 'POST', url: '/api/auth/sign-out', cookie: again.cookie });
      await expect.poll(() => whoAmI(b, again.cookie), soon).toBeNull();
    });
  });
});
