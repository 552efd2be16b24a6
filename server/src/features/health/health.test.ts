import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

  /** A test's own app, closed after it, for the tests that take the database or the app down. */
  const ownApp = async (options: Parameters<typeof createTestApp>[0] = {}) => {
    const app = await createTestApp(options);
    onTestFinished(() => app.close());
    return app;
  };
  /** A database whose queries fail once `answering` is false, as when its server goes away. */
  const stoppableDb = async () => {
    const db = await createTestDb();
    const state = { answering: true };
    const kysely = db.kysely.withPlugin({
      transformQuery: (args) => {
        if (!state.answering) throw new Error('connect ECONNREFUSED');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db: { ...db, kysely }, state };
  };

  it('/readyz answers 503 when the database does not answer', async () => {
    const { db, state } = await stoppableDb();
    const app = await ownApp({ db });
    expect((await app.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    state.answering = false;
    const res = await app.request({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, reason: 'database unavailable' });
  });

  it('/readyz answers 503 with the restarting error while the server shuts down', async () => {
    const app = await ownApp();
    app.beginShutdown();
    expectRestarting(await app.request({ method: 'GET', url: '/readyz' }));
  });

  it('/readyz answers 503 when shutting down begins while its database ping runs', async () => {
    // The ping's answer arrives after the shutdown hook let the probe through.
    let onPing: (() => void) | null = null;
    const db = await createTestDb();
    const shutsDownMidPing = db.kysely.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        onPing?.();
        return args.result;
      },
    });
    const app = await ownApp({ db: { ...db, kysely: shutsDownMidPing } });
    onPing = () => app.beginShutdown();
    const res = await app.request({ method: 'GET', url: '/readyz' });
    expect(app.ctx.lifecycle.closing).toBe(true);
    expectRestarting(res);
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
