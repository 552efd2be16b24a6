import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../app-context';
import { createApp, type CreateAppOptions } from '../app';
import { parseEnv, type Env } from '../env';
import { fixedClock } from '../lib/clock';
import { createTestDb, type TestDb } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: TestDb;
  clock: ReturnType<typeof fixedClock>;
  env: Env;
  /** Sends a same-origin JSON request, as the web app does. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** What index.ts does on SIGTERM: from now on requests get the restarting answer. For good. */
  beginShutdown(): void;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: string;
    /** A database made by createTestDb (default: a fresh one); closed with the app. */
    db?: TestDb;
  } & Partial<Omit<CreateAppOptions, 'env' | 'db' | 'clock'>> = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDb());
  // Mail goes to a private outbox per test app (read it with readOutbox in test/mail.ts).
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-outbox-'));
  const env = parseEnv({
    OUTBOX_DIR: outboxDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  const clock = fixedClock(options.now ?? '2026-03-15T12:00:00Z');
  const { env: _e, now: _n, db: _d, ...rest } = options;
  const { app, ctx } = await createApp({ logger: false, ...rest, env, db, clock });
  await app.ready();
  return {
    app,
    ctx,
    db,
    clock,
    env,
    request({ cookie, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          'sec-fetch-site': 'same-origin',
          ...(rest.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      });
    },
    beginShutdown() {
      ctx.lifecycle.closing = true;
    },
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
