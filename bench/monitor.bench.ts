/**
 * Issue 14: each panel of the admin voice-provider monitor answers in p95 <= 100 ms with
 * 1,000,000 metric rows, on SQLite and on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL picks
 * PostgreSQL; run it under scripts/with-postgres.sh). The rows are written as the synthesis
 * service writes them (one INSERT each, in batches), so the hourly rollup is filled by its
 * trigger as in production; they spread over 60 days, 40 voices and two engines, so the 30-day
 * range covers half of them. The app is built in-process and each request is injected with a
 * real admin session: the figures hold routing, the session lookup, the SQL and the JSON answer.
 * GET /healthz in the same run is the baseline the ratios are taken against.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MONITOR_RANGES } from '@doublecast/common/monitor';
import { migrateToLatest } from '../server/src/db/migrate';
import { fillHourlyRollup } from '../server/src/db/migrations/0019-monitor-rollup';
import { fillCoarseRollups } from '../server/src/db/migrations/0020-monitor-coarse-rollups';
import { adminBenchApp, openBenchDb } from './admin-bench';
import { failsBar, sized } from './smoke';

const ROWS = Number(process.env.BENCH_METRIC_ROWS ?? sized(1_000_000, 2_000));
const SAMPLES = sized(40, 3);
const BAR_P95_MS = 100;
const DAYS = 60;
const HOUR = 3600_000;

const { db, dir, cleanup } = await openBenchDb('monitor');

try {
  await migrateToLatest(db);
  const now = Date.now();
  const seedStart = performance.now();
  const adminId = randomUUID();
  await db.kysely
    .insertInto('users')
    .values({
      id: adminId,
      email: 'admin@bench.test',
      role: 'admin',
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .execute();
  const voices = Array.from({ length: 40 }, (_, i) => ({
    id: randomUUID(),
    name: `Voice ${i}`,
    provider: i % 4 === 0 ? 'elevenlabs' : 'local',
  }));
  const users = Array.from({ length: 500 }, () => randomUUID());
  const batch = 500;
  const span = DAYS * 24 * HOUR;
  // One transaction per 20,000 rows (one INSERT per 500), so seeding is not a million commits.
  const perTransaction = 40;
  for (let first = 0; first < ROWS; first += batch * perTransaction) {
    await db.kysely.transaction().execute(async (trx) => {
      // PostgreSQL: the row triggers cost half an hour for a million rows on a loaded machine;
      // they are off for the seed and the rollups are filled once by the migrations' own
      // backfill (below). SQLite seeds through the triggers.
      if (db.dialect === 'postgres')
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      for (
        let start = first;
        start < Math.min(ROWS, first + batch * perTransaction);
        start += batch
      ) {
        const rows = [];
        for (let i = start; i < Math.min(ROWS, start + batch); i++) {
          // Oldest first, evenly spread, as rows arrive in production.
          const at = now - span + Math.floor(((i + 0.5) / ROWS) * span);
          const voice = voices[(i * 7919) % voices.length]!;
          const characters = 20 + ((i * 131) % 900);
          const failed = i % 23 === 0;
          rows.push({
            id: randomUUID(),
            provider: voice.provider,
            user_id: users[i % users.length]!,
            request_id: randomUUID(),
            provider_request_id: null,
            voice_id: voice.id,
            voice_name: voice.name,
            character_count: characters,
            latency_ms: 200 + ((i * 37) % 3000),
            first_byte_ms: null,
            status: failed ? ('error' as const) : ('success' as const),
            error: failed ? 'unavailable: The voice provider did not answer in time' : null,
            credits_used: null,
            cost_usd: voice.provider === 'elevenlabs' && !failed ? (characters / 1000) * 0.18 : 0,
            endpoint: 'text-to-speech',
            model_id: null,
            request_metadata: JSON.stringify({
              voice_settings: { stability: (i % 10) / 10, similarity_boost: 0.75, speed: 1 },
            }),
            created_at: new Date(at).toISOString(),
          });
        }
        await trx.insertInto('voice_provider_metrics').values(rows).execute();
      }
    });
  }
  if (db.dialect === 'postgres') {
    await fillHourlyRollup(db.kysely, db.dialect);
    await fillCoarseRollups(db.kysely);
  }
  await sql`ANALYZE`.execute(db.kysely);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const rollupRows = Number(
    (
      await db.kysely
        .selectFrom('voice_provider_metrics_hourly')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

  const { app, measure } = await adminBenchApp(db, dir, adminId, SAMPLES);

  const base = await measure('/healthz');
  const results: { name: string; p50: number; p95: number }[] = [];
  const panels = ['cards', 'hourly', 'voices', 'recent'];
  for (const range of MONITOR_RANGES) {
    for (const p of panels) {
      const r = await measure(`/api/admin/monitor/${p}?range=${range}`);
      results.push({ name: `${p} ${range}`, p50: r.p50, p95: r.p95 });
      // The figures must be the rows': a fast wrong answer proves nothing.
      if (p === 'cards') {
        // The rows are spread evenly up to the seed's start, so the range holds about its share
        // of them, less what the clock has moved past since (give or take a minute of rows).
        const body = r.body as { totalRequests: number };
        const from = Date.now() - (range === '24h' ? 1 : range === '7d' ? 7 : 30) * 24 * HOUR;
        const want = Math.round(ROWS * (1 - (from - (now - span)) / span));
        const slack = Math.ceil((ROWS * 60_000) / span) + 2;
        if (Math.abs(body.totalRequests - want) > slack)
          throw new Error(`cards ${range}: ${body.totalRequests} requests, about ${want} expected`);
      }
    }
  }
  for (const p of ['trends', 'providers']) {
    const r = await measure(`/api/admin/monitor/${p}`);
    results.push({ name: p, p50: r.p50, p95: r.p95 });
  }

  console.log(
    `${db.dialect}: ${ROWS.toLocaleString('en-US')} metric rows over ${DAYS} days seeded in ` +
      `${seedSeconds.toFixed(1)} s (${rollupRows.toLocaleString('en-US')} rollup rows); ` +
      `${SAMPLES} requests per panel; baseline /healthz p95 ${base.p95.toFixed(2)} ms`,
  );
  console.log('| panel and range | p50 ms | p95 ms | p95 / baseline |');
  console.log('|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p95 / base.p95).toFixed(1)}x |`,
    );
  const worst = Math.max(...results.map((r) => r.p95));
  const missed = worst > BAR_P95_MS;
  console.log(
    `worst p95 ${worst.toFixed(1)} ms (goal ${BAR_P95_MS} ms): ${missed ? 'MISSED' : 'met'}`,
  );
  await app.close();
  if (failsBar(missed)) process.exitCode = 1;
} finally {
  await cleanup();
}
