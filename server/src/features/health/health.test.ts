import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import type { TestDb } from '../../test/test-db';
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

  /**
   * The file's database seen through `plugin`, for an app of a test's own (which leaves it open
   * when it closes): a new PostgreSQL database per test costs about a second.
   */
  const sharedDb = (plugin?: KyselyPlugin): TestDb => ({
    ...t.db,
    kysely: plugin ? t.db.kysely.withPlugin(plugin) : t.db.kysely,
    destroy: async () => {},
  });
  /** A test's own app, closed after it, for the tests that take the database or the app down. */
  const ownApp = async (db = sharedDb()) => {
    const app = await createTestApp({ db });
    onTestFinished(() => app.close());
    return app;
  };
  /** A database whose queries fail once `answering` is false, as when its server goes away. */
  const stoppableDb = () => {
    const state = { answering: true };
    const db = sharedDb({
      transformQuery: (args) => {
        if (!state.answering) throw new Error('connect ECONNREFUSED');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, state };
  };

  it('/readyz answers 503 when the database does not answer', async () => {
    const { db, state } = stoppableDb();
    const app = await ownApp(db);
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
    const shutsDownMidPing = sharedDb({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        onPing?.();
        return args.result;
      },
    });
    const app = await ownApp(shutsDownMidPing);
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
