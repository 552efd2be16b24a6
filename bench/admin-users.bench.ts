/**
 * Issue 12: the admin users list answers a page of 50 in p95 <= 50 ms with 100,000 users seeded,
 * on SQLite and on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL picks PostgreSQL; run it under
 * scripts/with-postgres.sh). The app is built in-process (createApp, no logger) and each request
 * is injected with a real admin session, so the figures hold routing, the session lookup, the
 * zod parse, the two SQL statements (page and count) and the JSON answer. Queries cover the
 * default order, every other sort, each filter, a prefix search and first/middle/last pages;
 * GET /healthz in the same run is the baseline the ratios are taken against.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { createApp } from '../server/src/app';
import { connect, type Db } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { parseEnv } from '../server/src/env';
import { isAccountsAuth } from '../server/src/features/auth/session-auth';
import { failsBar, sized } from './smoke';

const USERS = Number(process.env.BENCH_USERS ?? sized(100_000, 500));
const SAMPLES = sized(60, 5);
const BAR_P95_MS = 50;
const DAY = 24 * 3600 * 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-admin-'));
const pgAdminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let db: Db;
let dropPg: (() => Promise<void>) | null = null;
if (pgAdminUrl) {
  const name = `bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  db = connect({ databaseUrl: url.toString() });
  dropPg = async () => {
    const c = new pg.Client({ connectionString: pgAdminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  db = connect({ sqliteFile: path.join(dir, 'doublecast.sqlite') });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

try {
  await migrateToLatest(db);
  const now = Date.now();
  const seedStart = performance.now();
  const adminId = randomUUID();
  const batch = 1000;
  for (let start = 0; start < USERS; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(USERS, start + batch); i++) {
      const created = new Date(now - (i % 900) * DAY - i * 1000).toISOString();
      const signIn = i % 17 === 0 ? null : new Date(now - (i % 200) * DAY).toISOString();
      const paid = i % 5 === 0;
      rows.push({
        id: i === 0 ? adminId : randomUUID(),
        email: i === 0 ? 'admin@bench.test' : `user${String(i).padStart(6, '0')}@bench.test`,
        role: i === 0 ? ('admin' as const) : ('user' as const),
        created_at: created,
        updated_at: created,
        last_sign_in_at: signIn,
        subscription_status: paid ? ('active' as const) : ('inactive' as const),
        subscription_tier: paid ? ('paid' as const) : ('free' as const),
        override_status: i % 41 === 0 ? 'active' : null,
        override_tier: i % 41 === 0 ? ('paid' as const) : null,
        override_expires_at:
          i % 41 === 0 ? new Date(now + (i % 60) * DAY - 30 * DAY).toISOString() : null,
        recordings_count: i % 300,
        characters_total: (i * 37) % 90_000,
      });
    }
    await db.kysely.insertInto('users').values(rows).execute();
  }
  await sql`ANALYZE`.execute(db.kysely);
  const seedSeconds = (performance.now() - seedStart) / 1000;

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

  const pages = Math.ceil(USERS / 50);
  const queries: Record<string, string> = {
    'default (newest sign-up), page 1': '',
    'email asc': '?sort=email&dir=asc',
    'last sign-in desc': '?sort=lastSignIn&dir=desc',
    'days since sign-in asc': '?sort=daysSinceSignIn&dir=asc',
    'recordings desc': '?sort=recordings&dir=desc',
    'characters desc': '?sort=characters&dir=desc',
    'tier paid': '?tier=paid',
    'tier free, activity dormant': '?tier=free&activity=dormant',
    'status overridden': '?status=overridden',
    'activity churn risk, by recordings': '?activity=churn_risk&sort=recordings&dir=desc',
    'search "user0123"': '?q=user0123',
    'search by user id': `?q=${adminId}`,
    [`middle page (${Math.ceil(pages / 2)})`]: `?page=${Math.ceil(pages / 2)}`,
    [`last page (${pages})`]: `?page=${pages}`,
  };

  const measure = async (url: string) => {
    const first = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (first.statusCode !== 200)
      throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), body: first.json() };
  };

  const base = await measure('/healthz');
  const results: { name: string; p50: number; p95: number; rows: number; total: number }[] = [];
  for (const [name, qs] of Object.entries(queries)) {
    const r = await measure(`/api/admin/users${qs}`);
    const body = r.body as { users: unknown[]; total: number };
    results.push({ name, p50: r.p50, p95: r.p95, rows: body.users.length, total: body.total });
  }
  const first = results[0]!;
  if (first.rows !== Math.min(50, USERS) || first.total !== USERS)
    throw new Error(`the default page held ${first.rows} rows of ${first.total}`);

  console.log(
    `${db.dialect}: ${USERS.toLocaleString('en-US')} users seeded in ${seedSeconds.toFixed(1)} s; ` +
      `${SAMPLES} requests per query; baseline /healthz p95 ${base.p95.toFixed(2)} ms`,
  );
  console.log('| query | rows | matching | p50 ms | p95 ms | p95 / baseline |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rows} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p95 / base.p95).toFixed(1)}x |`,
    );
  const worst = Math.max(...results.map((r) => r.p95));
  const missed = worst > BAR_P95_MS;
  console.log(
    `worst p95 ${worst.toFixed(1)} ms (bar ${BAR_P95_MS} ms): ${missed ? 'MISSED' : 'met'}`,
  );
  await app.close();
  if (failsBar(missed)) process.exitCode = 1;
} finally {
  await db.close();
  await dropPg?.();
  fs.rmSync(dir, { recursive: true, force: true });
}
