/**
 * docs/glossary.md#P2: a signed-in read, the Studio history page of 20 (GET /api/readings?limit=20 with a
 * session cookie), with 10,000 users seeded (each with a live session and 20 readings), beside the
 * same server's GET /healthz as the baseline in the same run. The server is the production bundle
 * (built privately), pinned to one core; autocannon runs here on the other. Every request carries
 * the cookie of the next of 1,000 users in turn (the baseline too, so the load generator does the
 * same work), so the session lookup and the history query hit different rows. Figures are the
 * median of 3 runs per route, runs alternating. 50 connections as in docs/glossary.md#P1: by Little's law the
 * median latency is then about 50 / (req/s), so p99 <= 20 ms needs well over 3,000 req/s.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, seedUsers, startServer } from '../server/src/test/real-server';
import { serverBundle } from './bundle';
import { loadWithCookies, median, printTable, type LoadRun } from './http-load';
import { failsBar, sized } from './smoke';

const USERS = Number(process.env.BENCH_USERS ?? sized(10_000, 50));
const READINGS_PER_USER = 20;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? sized(5, 1));
const RUNS = sized(3, 1);
const COOKIES = sized(1000, 50);
const BAR = { rps: 3000, p99: 20 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-signed-in-'));
const sqliteFile = path.join(dir, 'doublecast.sqlite');
const bundle = serverBundle();
const pinned = os.cpus().length >= 2 && hasTaskset();
const port = await freePort();
const server = await startServer({
  baseEnv: process.env,
  dataDir: dir,
  port,
  bundle: bundle.entry,
  cpu: pinned ? 1 : undefined,
  env: {
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    APP_URL: `http://127.0.0.1:${port}`,
  },
});
if (pinned) execFileSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' });

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const load = (url: string, cookies: string[]) =>
  loadWithCookies(url, cookies, { connections: CONNECTIONS, duration: DURATION });

try {
  // Seed after the server has migrated the database: users with sessions, then their readings.
  const seedStart = performance.now();
  const users = seedUsers(sqliteFile, USERS, {
    tier: 'paid',
    cookieName: '__Host-dc_session',
    emailPrefix: 'bench',
  });
  const db = new SQLite(sqliteFile);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into generations (id, user_id, text, audio_key, voice_id, voice_name, voice_gender,
       voice_accent, voice_age, created_at, duration, character_count, script_id, size_bytes,
       settings, is_deleted, deleted_at, updated_at)
     values (?, ?, ?, ?, 'bench-voice', 'Rupert', 'male', 'British', 'adult', ?, 2.5, ?, null,
       40000, '{"speed":1,"stability":0.5,"similarity":0.75}', 0, null, ?)`,
  );
  const base = Date.now() - READINGS_PER_USER * 60_000;
  db.transaction(() => {
    for (const u of users) {
      for (let i = 0; i < READINGS_PER_USER; i++) {
        const id = randomUUID();
        const at = new Date(base + i * 60_000).toISOString();
        const text = `To be, or not to be, that is the question (take ${i}).`;
        insert.run(id, u.id, text, `${u.id}/${id}.mp3`, at, text.length, at);
      }
    }
  })();
  db.close();
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const historyUrl = server.url('/api/readings?limit=20');
  // 1,000 different users' sessions in turn (all 10,000 would cost the load generator ~150 MB
  // of prebuilt requests); the tables hold all 10,000 users and their 200,000 readings.
  const cookies = users.slice(0, COOKIES).map((u) => u.cookie);
  // Check the read is what the page gets: 200 and a page of 20.
  const check = await fetch(historyUrl, { headers: { cookie: cookies[0]! } });
  const page = (await check.json()) as { generations?: unknown[] };
  if (check.status !== 200 || page.generations?.length !== 20)
    throw new Error(`history answered ${check.status} with ${page.generations?.length} items`);

  // Warm up both routes, then alternate.
  await load(server.url('/healthz'), cookies);
  await load(historyUrl, cookies);
  const health: LoadRun[] = [];
  const history: LoadRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    health.push(await load(server.url('/healthz'), cookies));
    history.push(await load(historyUrl, cookies));
  }

  const summary = (runs: LoadRun[]) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
  });
  const h = summary(health);
  const s = summary(history);
  const correct = s.non2xx === 0 && s.errors === 0;
  const met = s.rps >= BAR.rps && s.p99 <= BAR.p99 && correct;
  const rows = [
    [
      'GET /healthz (baseline)',
      h.rps.toFixed(0),
      '1.00',
      `${h.p50} ms`,
      `${h.p99} ms`,
      String(h.non2xx + h.errors),
      '',
    ],
    [
      'GET /api/readings?limit=20 (signed in)',
      s.rps.toFixed(0),
      (s.rps / h.rps).toFixed(2),
      `${s.p50} ms`,
      `${s.p99} ms`,
      String(s.non2xx + s.errors),
      met
        ? `P2 met (>= ${BAR.rps} req/s, p99 <= ${BAR.p99} ms)`
        : `P2 NOT met (>= ${BAR.rps} req/s, p99 <= ${BAR.p99} ms)`,
    ],
  ];
  const head = ['route', 'req/s', 'vs healthz', 'p50', 'p99', 'non-2xx/errors', 'bar'];
  console.log(
    `${USERS} users seeded with ${READINGS_PER_USER} readings each in ${seedSeconds.toFixed(1)} s; ` +
      `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS}; ` +
      (pinned ? 'server on CPU 1, load generator on CPU 0' : 'not pinned to CPUs') +
      `; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
  );
  printTable(head, rows);
  if (failsBar(!met) || !correct) process.exitCode = 1;
} finally {
  server.process.kill('SIGTERM');
  await server.exited;
  bundle.remove();
  fs.rmSync(dir, { recursive: true, force: true });
}
