/**
 * Issue 12: the admin users list answers a page of 50 in p95 <= 50 ms with 100,000 users seeded,
 * on SQLite and on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL picks PostgreSQL; run it under
 * scripts/with-postgres.sh). The app is built in-process (createApp, no logger) and each request
 * is injected with a real admin session, so the figures hold routing, the session lookup, the
 * zod parse, the two SQL statements (page and count) and the JSON answer. Queries cover the
 * default order, every other sort, each filter, a prefix search and first/middle/last pages
 * (deep pages by cursor, as the admin's Next and Previous buttons ask for them; decision 174);
 * GET /healthz in the same run is the baseline the ratios are taken against.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { adminBenchApp, openBenchDb } from './admin-bench';
import { encodeCursor } from '../server/src/features/admin/admin-users.service';
import { failsBar, sized } from './smoke';

const USERS = Number(process.env.BENCH_USERS ?? sized(100_000, 500));
const SAMPLES = sized(60, 5);
const BAR_P95_MS = 50;
const DAY = 24 * 3600 * 1000;

const { db, dir, cleanup } = await openBenchDb('admin');

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
  // A live PostgreSQL has autovacuum's visibility map; a freshly loaded one needs VACUUM for it.
  await sql.raw(db.dialect === 'postgres' ? 'VACUUM ANALYZE users' : 'ANALYZE').execute(db.kysely);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const { app, measure } = await adminBenchApp(db, dir, adminId, SAMPLES);

  const pages = Math.ceil(USERS / 50);
  /** The cursor the list hands out for page `n` of the default order (newest sign-up first). */
  const cursorOfPage = async (n: number) => {
    const row = await db.kysely
      .selectFrom('users')
      .select(['created_at', 'id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset((n - 1) * 50 - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const key = { value: row.created_at, id: row.id, back: false };
    return encodeCursor({ sort: 'signUp', dir: 'desc' }, key)!;
  };
  const middle = Math.ceil(pages / 2);
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
    [`middle page (${middle}) by cursor`]: `?page=${middle}&cursor=${await cursorOfPage(middle)}`,
    [`last page (${pages}) by cursor`]: `?page=${pages}&cursor=${await cursorOfPage(pages)}`,
    'tier paid, page 2 by cursor': '', // filled in below from page 1's nextCursor
  };

  const paidPage1 = (await measure('/api/admin/users?tier=paid')).body as { nextCursor: string };
  queries['tier paid, page 2 by cursor'] = `?tier=paid&page=2&cursor=${paidPage1.nextCursor}`;
  const base = await measure('/healthz');
  const results: { name: string; p50: number; p95: number; rows: number; total: string }[] = [];
  for (const [name, qs] of Object.entries(queries)) {
    const r = await measure(`/api/admin/users${qs}`);
    const body = r.body as { users: unknown[]; total: number; totalCapped: boolean };
    const total = `${body.total}${body.totalCapped ? '+' : ''}`;
    results.push({ name, p50: r.p50, p95: r.p95, rows: body.users.length, total });
  }
  const first = results[0]!;
  if (first.rows !== Math.min(50, USERS) || first.total !== String(USERS))
    throw new Error(`the default page held ${first.rows} rows of ${first.total}`);

  console.log(
    `${db.dialect}: ${USERS.toLocaleString('en-US')} users seeded in ${seedSeconds.toFixed(1)} s; ` +
      `${SAMPLES} requests per query; baseline /healthz p95 ${base.p95.toFixed(2)} ms`,
  );
  console.log(
    `| query | rows | matching | p50 ms | p95 ms | goal p95 <= ${BAR_P95_MS} ms | p95 / baseline |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rows} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p95 <= BAR_P95_MS ? 'met' : 'MISSED'} | ${(r.p95 / base.p95).toFixed(1)}x |`,
    );
  const worst = Math.max(...results.map((r) => r.p95));
  const missed = worst > BAR_P95_MS;
  console.log(
    `worst p95 ${worst.toFixed(1)} ms (bar ${BAR_P95_MS} ms): ${missed ? 'MISSED' : 'met'}`,
  );
  await app.close();
  if (failsBar(missed)) process.exitCode = 1;
} finally {
  await cleanup();
}
