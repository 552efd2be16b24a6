/**
 * What the admin benchmarks share: a throwaway database (PostgreSQL when DATABASE_URL or
 * TEST_DATABASE_URL is set, e.g. under scripts/with-postgres.sh, else SQLite in a temp folder),
 * the app built in-process with a real admin session, and p50/p95 of injected GET requests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../server/src/app';
import { connect, type Db } from '../server/src/db/connection';
import { parseEnv } from '../server/src/env';
import { isAccountsAuth } from '../server/src/features/auth/session-auth';

export async function openBenchDb(
  name: string,
): Promise<{ db: Db; dir: string; cleanup(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dc-bench-${name}-`));
  const pgAdminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgAdminUrl) {
    const db = connect({ sqliteFile: path.join(dir, 'doublecast.sqlite') });
    return {
      db,
      dir,
      async cleanup() {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dbName = `bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${dbName}`;
  const db = connect({ databaseUrl: url.toString() });
  return {
    db,
    dir,
    async cleanup() {
      await db.close();
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * The app over `db` with no logger, and `measure(url)`: one checked warm-up request, then
 * `samples` timed ones, all as the admin `adminId`.
 */
export async function adminBenchApp(
  db: Db,
  dir: string,
  adminId: string,
  samples: number,
): Promise<{
  app: FastifyInstance;
  measure(url: string): Promise<{ p50: number; p95: number; body: unknown }>;
}> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dir,
    OUTBOX_DIR: path.join(dir, 'outbox'),
  });
  const { app, ctx } = await createApp({ env, db, logger: false });
  await app.ready();
  if (!isAccountsAuth(ctx.auth)) throw new Error('accounts auth expected');
  const cookie = `${ctx.auth.cookieName}=${await ctx.auth.issueSession(adminId)}`;
  return {
    app,
    async measure(url) {
      const first = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (first.statusCode !== 200)
        throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), body: first.json() };
    },
  };
}
