import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('/healthz and /readyz answer ok while the database answers', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const gone = await createTestDb();
    await gone.destroy();
    const db = t.ctx.db;
    t.ctx.db = gone;
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, reason: 'database unavailable' });
    } finally {
      t.ctx.db = db;
    }
  });

  it('/readyz answers 503 with the restarting error while the server shuts down', async () => {
    t.ctx.lifecycle.closing = true;
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expectRestarting(res);
    } finally {
      t.ctx.lifecycle.closing = false;
    }
  });

  it('/readyz answers 503 when shutting down begins while its database ping runs', async () => {
    const db = t.ctx.db;
    // The ping's answer arrives after the shutdown hook let the probe through.
    const shutsDownMidPing = db.kysely.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        t.ctx.lifecycle.closing = true;
        return args.result;
      },
    });
    t.ctx.db = { ...db, kysely: shutsDownMidPing };
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expect(t.ctx.lifecycle.closing).toBe(true);
      expectRestarting(res);
    } finally {
      t.ctx.db = db;
      t.ctx.lifecycle.closing = false;
    }
  });
});

/** The shutdown answer: 503, the one error shape, and the connection closed. */
function expectRestarting(res: Awaited<ReturnType<TestApp['request']>>): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers.connection).toBe('close');
  expect(res.json().error).toEqual({
    code: 'unavailable',
    message: 'Server is restarting. Please try again in a moment.',
  });
}
