/**
 * Issue 16: one server process against two behind nginx, on PostgreSQL and an S3-compatible
 * bucket, from the same run (decision 244). Measured per setup: time to first audio (POST
 * /api/readings to the first audio byte, the real offline engine) and req/s of a signed-in read
 * (GET /api/readings?limit=20, every request with the next of the seeded users' cookies). The
 * installation is server/src/test/cluster.ts's (the multi-process proof's): one production build,
 * two processes, the synthesis workers (SYNTHESIS_QUEUE=postgres), nginx with docs/deploy.md's
 * block. The setups: the baseline, one more process on the same database and bucket that
 * synthesises itself (the single-process figure); the first queued process on its own port; a
 * second nginx with only that process (the proxy's own cost); both processes behind nginx. The bar
 * is issue 16's: time to first audio through two processes and the workers stays within 100 ms of
 * the single-process figure (medians).
 */
import os from 'node:os';
import path from 'node:path';
import { PROOF_WORKERS, startCluster } from '../server/src/test/cluster';
import { startNginx, type TestNginx } from '../server/src/test/nginx';
import {
  freePort,
  seedUsersInPostgres,
  startServer,
  type RealServer,
} from '../server/src/test/real-server';
import { percentile } from './admin-bench';
import { serverBundle } from './bundle';
import { seedReadingsInPostgres } from './seed-readings';
import { loadWithCookies, median, printTable, timeReading, type LoadRun } from './http-load';
import { failsBar, sized } from './smoke';

const SAMPLES = sized(20, 2);
const USERS = sized(1000, 20);
const READINGS_PER_USER = 20;
const CONNECTIONS = 50;
const DURATION = sized(5, 1);
const RUNS = sized(3, 1);
const BAR_MS = 100;

const bundle = serverBundle();
const cluster = await startCluster({
  entry: bundle.entry,
  servers: 2,
  workers: PROOF_WORKERS,
  nginx: true,
});
let single: TestNginx | null = null;
let inProcess: RealServer | null = null;
try {
  const [a, b] = cluster.servers as [RealServer, RealServer];
  single = await startNginx([a.port]);
  // The baseline: one more process on the same database and bucket that synthesises itself.
  const port = await freePort();
  inProcess = await startServer({
    baseEnv: process.env,
    dataDir: path.join(path.dirname(cluster.outboxDir), 'server-in-process'),
    port,
    bundle: bundle.entry,
    env: { ...cluster.env, SYNTHESIS_QUEUE: '', APP_URL: `http://127.0.0.1:${port}` },
  });
  const queued = PROOF_WORKERS ? ` (+${PROOF_WORKERS} workers)` : '';
  const setups = [
    { name: 'one process, synthesis in it', origin: `http://127.0.0.1:${port}` },
    { name: `one process${queued}`, origin: `http://127.0.0.1:${a.port}` },
    { name: `one process behind nginx${queued}`, origin: `http://127.0.0.1:${single.port}` },
    {
      name: `two processes behind nginx${queued}`,
      origin: `http://127.0.0.1:${cluster.nginx!.port}`,
    },
  ];

  // Paid users with live sessions (the production cookie name), each with a page of readings.
  const users = await seedUsersInPostgres(cluster.databaseUrl, USERS, {
    tier: 'paid',
    cookieName: '__Host-dc_session',
    emailPrefix: 'bench',
  });
  await seedReadingsInPostgres(cluster.databaseUrl, READINGS_PER_USER);
  const cookies = users.map((u) => u.cookie);
  const voices = (await (
    await fetch(`${setups[0]!.origin}/api/voices`, { headers: { cookie: cookies[0]! } })
  ).json()) as { voices: { id: string; name: string }[] };
  const voice = voices.voices[0]!;

  // Time to first audio: one reading per setup per round, a fresh user each round (4 readings a
  // minute per user, under the Studio's 10), a different text each time (no cache hit).
  const ttfa = setups.map(() => [] as number[]);
  let complete = true;
  const read = async (j: number, cookie: string, text: string) => {
    const r = await timeReading(setups[j]!.origin, cookie, { voiceId: voice.id, text });
    if (r.status !== 200 || r.bytes === 0) complete = false;
    return r;
  };
  for (let j = 0; j < setups.length; j++) await read(j, cookies.at(-1)!, `Warm up number ${j}.`);
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < setups.length; j++) {
      const r = await read(j, cookies[i]!, `Round ${i} of the scale-out benchmark, setup ${j}.`);
      ttfa[j]!.push(r.firstByteMs);
    }
  }

  // Signed-in read: a check that it is the Studio's page of 20, a warm-up, then runs alternating.
  const historyUrl = (origin: string) => `${origin}/api/readings?limit=20`;
  const check = await fetch(historyUrl(setups.at(-1)!.origin), {
    headers: { cookie: cookies[0]! },
  });
  const page = (await check.json()) as { generations?: unknown[] };
  if (check.status !== 200 || (page.generations?.length ?? 0) < READINGS_PER_USER)
    throw new Error(`history answered ${check.status} with ${page.generations?.length} items`);
  const load = (origin: string) =>
    loadWithCookies(historyUrl(origin), cookies, { connections: CONNECTIONS, duration: DURATION });
  for (const s of setups) await load(s.origin);
  const runs = setups.map(() => [] as LoadRun[]);
  for (let i = 0; i < RUNS; i++)
    for (const [j, s] of setups.entries()) runs[j]!.push(await load(s.origin));

  // Both processes answered through nginx.
  const upstreams = cluster.nginx!.accessLog();
  const servedBy = (port: number) => upstreams.split(`127.0.0.1:${port} `).length - 1;

  const rps = runs.map((r) => median(r.map((x) => x.rps)));
  const p50 = ttfa.map((t) => percentile(t, 50));
  const failed = runs.flat().reduce((n, r) => n + r.non2xx + r.errors, 0);
  const added = p50.at(-1)! - p50[0]!;
  const met = added <= BAR_MS;
  console.log(
    `PostgreSQL, s3rver, ${PROOF_WORKERS ? `${PROOF_WORKERS} synthesis workers` : 'synthesis in the server processes'}, ` +
      `voice "${voice.name}"; ${SAMPLES} readings per setup; ${USERS} users with ${READINGS_PER_USER} readings each, ` +
      `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS}; nginx sent ${servedBy(a.port)} requests ` +
      `to process A and ${servedBy(b.port)} to B; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
  );
  printTable(
    ['setup', 'first audio p50', 'p95', 'vs one', 'signed-in read req/s', 'vs one', 'p99'],
    setups.map((s, j) => [
      s.name,
      `${p50[j]!.toFixed(0)} ms`,
      `${percentile(ttfa[j]!, 95).toFixed(0)} ms`,
      (p50[j]! / p50[0]!).toFixed(2),
      rps[j]!.toFixed(0),
      (rps[j]! / rps[0]!).toFixed(2),
      `${median(runs[j]!.map((r) => r.p99))} ms`,
    ]),
  );
  console.log(
    `\nTwo processes add ${added.toFixed(0)} ms to the median time to first audio: ` +
      (met ? `within ${BAR_MS} ms (met)` : `NOT within ${BAR_MS} ms`) +
      `; failed requests: ${failed}; every reading complete: ${complete ? 'yes' : 'NO'}`,
  );
  if (failsBar(!met) || failed > 0 || !complete) process.exitCode = 1;
} finally {
  if (inProcess) {
    inProcess.process.kill('SIGTERM');
    await inProcess.exited;
  }
  await single?.stop();
  await cluster.stop();
  bundle.remove();
}
