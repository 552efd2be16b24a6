import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@doublecast/common/auth';
import { connect } from '../../db/connection';
import { RATE_LIMITS } from '../../http/rate-limit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb, type TestDb } from '../../test/test-db';
import { usePostgres, type TestPostgres } from '../../test/postgres-server';
import type { MetricEvent } from '../admin/monitor/metric-events';
import { invalidateVoiceCaches } from '../voices/voices.service';

/** Two server processes' apps on one PostgreSQL database share what one process used to keep. */
describe('state shared by two server instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  let db: TestDb;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    pg = await usePostgres();
    db = await createTestDb({ postgresUrl: pg.url });
    const url = db.connection.databaseUrl!;
    // The second instance has its own pool on the same database, as another process would.
    const own = connect({ databaseUrl: url });
    a = await createTestApp({ db });
    b = await createTestApp({
      db: { ...own, connection: { databaseUrl: url }, destroy: () => own.close() },
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
});
