/**
 * docs/glossary.md#P2: a signed-in read, the Studio history page of 20 (GET /api/readings?limit=20 with a
 * session cookie), with 10,000 users seeded (each with a live session and 20 readings), beside the
 * same server's GET /healthz as the baseline in the same run. The server is the production bundle
 * (built privately), pinned to one core; autocannon runs on the other, in a process of its own. Every request carries
 * the cookie of the next of 1,000 users in turn (the baseline too, so the load generator does the
 * same work), so the session lookup and the history query hit different rows. Figures are the
 * median of 3 runs per route, runs alternating. 50 connections as in docs/glossary.md#P1: by Little's law the
 * median latency is then about 50 / (req/s), so p99 <= 20 ms needs well over 3,000 req/s.
 *
 * The bar row asks without Accept-Encoding (the answer goes out as it is); a third row asks as a
 * browser does (`br, gzip`), so the compressed answer's cost shows too (decision 248). "server
 * CPU" is the server process's CPU time per answered request (from /proc), steadier than req/s
 * on a shared machine.
 *
 * Database: SQLite (the default installation). On PostgreSQL with BENCH_DATABASE=postgres or when
 * run through scripts/with-postgres.sh (TEST_DATABASE_URL; otherwise a throwaway cluster is
 * started), the server is started with DATABASE_URL on a new database, PostgreSQL itself unpinned.
 * BENCH_SMOKE=1 runs both, with tiny sizes.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { usePostgres } from '../server/src/test/postgres-server';
import {
  cpuMs,
  seedUsers,
  seedUsersInPostgres,
  type SeededUser,
} from '../server/src/test/real-server';
import { startBenchServer } from './bench-server';
import { serverBundle } from './bundle';
import { loadWithCookies, median, printTable, type LoadRun } from './http-load';
import { seedReadingsInPostgres, seedReadingsInSqlite } from './seed-readings';
import { failsBar, SMOKE, sized } from './smoke';

type Database = 'SQLite' | 'PostgreSQL';
type Summary = { rps: number; p50: number; p99: number; cpuUs: number; failed: number };

const USERS = Number(process.env.BENCH_USERS ?? sized(10_000, 50));
const READINGS_PER_USER = 20;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? sized(5, 1));
const RUNS = sized(3, 1);
const COOKIES = sized(1000, 50);
const BAR = { rps: 3000, p99: 20 };
const BROWSER_ENCODINGS = { 'accept-encoding': 'br, gzip' };
const postgresAsked =
  process.env.BENCH_DATABASE === 'postgres' || Boolean(process.env.TEST_DATABASE_URL);
const databases: Database[] = SMOKE
  ? ['SQLite', 'PostgreSQL']
  : [postgresAsked ? 'PostgreSQL' : 'SQLite'];

const bundle = serverBundle();
const pinned = os.cpus().length >= 2 && hasTaskset();
if (pinned) execFileSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' });

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A new database on the PostgreSQL of scripts/with-postgres.sh (or a throwaway cluster). */
async function postgresDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const postgres = await usePostgres();
  const name = `doublecast_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  return {
    url: postgres.url.replace(/\/postgres$/, `/${name}`),
    stop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      postgres.stop();
    },
  };
}

/** Starts the server on `database`, seeds it, measures the three rows; true when P2 was met. */
async function measure(database: Database): Promise<{ met: boolean; correct: boolean }> {
  const postgres = database === 'PostgreSQL' ? await postgresDatabase() : null;
  const { server, sqliteFile, stop } = await startBenchServer('signed-in', {
    bundle,
    cpu: pinned ? 1 : undefined,
    env: postgres ? { DATABASE_URL: postgres.url } : {},
  });
  const load = (url: string, cookies: string[], headers?: Record<string, string>) =>
    loadWithCookies(url, cookies, { connections: CONNECTIONS, duration: DURATION, headers });
  try {
    // Seed after the server has migrated the database: users with sessions, then their readings.
    const seedStart = performance.now();
    const seeded = { tier: 'paid', cookieName: '__Host-dc_session', emailPrefix: 'bench' } as const;
    let users: SeededUser[];
    if (postgres) {
      users = await seedUsersInPostgres(postgres.url, USERS, seeded);
      await seedReadingsInPostgres(postgres.url, READINGS_PER_USER);
    } else {
      users = seedUsers(sqliteFile, USERS, seeded);
      seedReadingsInSqlite(sqliteFile, users, READINGS_PER_USER);
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const historyUrl = server.url('/api/readings?limit=20');
    // 1,000 different users' sessions in turn (all 10,000 would cost the load generator ~150 MB
    // of prebuilt requests); the tables hold all 10,000 users and their 200,000 readings.
    const cookies = users.slice(0, COOKIES).map((u) => u.cookie);
    // Check the read is what the page gets: 200 and a page of 20, compressed when asked.
    const check = await fetch(historyUrl, { headers: { cookie: cookies[0]! } });
    const page = (await check.json()) as { generations?: unknown[] };
    if (check.status !== 200 || page.generations?.length !== 20)
      throw new Error(`history answered ${check.status} with ${page.generations?.length} items`);
    const size = JSON.stringify(page).length;
    const asBrowser = await fetch(historyUrl, {
      headers: { cookie: cookies[0]!, ...BROWSER_ENCODINGS },
    });
    await asBrowser.arrayBuffer();
    if (asBrowser.headers.get('content-encoding') !== 'br')
      throw new Error(`history asked for br answered ${asBrowser.headers.get('content-encoding')}`);

    // Warm up each route, then alternate. Each run also counts the server's CPU time.
    const routes = [
      { url: server.url('/healthz') },
      { url: historyUrl },
      { url: historyUrl, headers: BROWSER_ENCODINGS },
    ];
    for (const r of routes) await load(r.url, cookies, r.headers);
    const runs = routes.map(() => [] as (LoadRun & { cpuUs: number })[]);
    for (let i = 0; i < RUNS; i++) {
      for (const [j, r] of routes.entries()) {
        const before = cpuMs(server.process.pid!);
        const run = await load(r.url, cookies, r.headers);
        const cpuUs = ((cpuMs(server.process.pid!) - before) * 1000) / Math.max(1, run.total);
        runs[j]!.push({ ...run, cpuUs });
      }
    }

    const [h, s, c] = runs.map((r) => ({
      rps: median(r.map((x) => x.rps)),
      p50: median(r.map((x) => x.p50)),
      p99: median(r.map((x) => x.p99)),
      cpuUs: median(r.map((x) => x.cpuUs)),
      failed: r.reduce((n, x) => n + x.non2xx + x.errors, 0),
    })) as [Summary, Summary, Summary];
    const correct = h.failed + s.failed + c.failed === 0;
    const met = s.rps >= BAR.rps && s.p99 <= BAR.p99 && correct;
    const bar = `>= ${BAR.rps} req/s, p99 <= ${BAR.p99} ms`;
    const row = (name: string, x: Summary, note: string) => [
      name,
      x.rps.toFixed(0),
      (x.rps / h.rps).toFixed(2),
      `${x.p50} ms`,
      `${x.p99} ms`,
      `${x.cpuUs.toFixed(0)} us`,
      String(x.failed),
      note,
    ];
    console.log(
      `${database}: ${USERS} users seeded with ${READINGS_PER_USER} readings each in ${seedSeconds.toFixed(1)} s; ` +
        `a page is ${size} bytes of JSON; ` +
        `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS}; ` +
        (pinned ? 'server on CPU 1, load generator on CPU 0' : 'not pinned to CPUs') +
        `; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
    );
    printTable(
      ['route', 'req/s', 'vs healthz', 'p50', 'p99', 'server CPU', 'non-2xx/errors', 'bar'],
      [
        row('GET /healthz (baseline)', h, ''),
        row(
          'GET /api/readings?limit=20 (signed in)',
          s,
          met ? `P2 met (${bar})` : `P2 NOT met (${bar})`,
        ),
        row('the same, Accept-Encoding: br, gzip', c, 'as a browser asks (not the bar)'),
      ],
    );
    console.log('');
    return { met, correct };
  } finally {
    await stop();
    await postgres?.stop();
  }
}

try {
  let missed = false;
  let failed = false;
  for (const database of databases) {
    const { met, correct } = await measure(database);
    missed ||= !met;
    failed ||= !correct;
  }
  if (failsBar(missed) || failed) process.exitCode = 1;
} finally {
  bundle.remove();
}
