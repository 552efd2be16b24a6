/**
 * docs/glossary.md#P3: how much the Studio's generation endpoint adds to the synthesis service's time to first
 * audio byte (auth, paid check, allowance reservation in a transaction, storage open, HTTP), and
 * 20 generations at once. The synthesis service is a fake with a fixed 25 ms to its first chunk,
 * so the difference is the server's own cost. Both are measured in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/src/app';
import { connect } from '../server/src/db/connection';
import { migrateToLatest } from '../server/src/db/migrate';
import { parseEnv } from '../server/src/env';
import { isAccountsAuth } from '../server/src/features/auth/session-auth';
import { createFakeSynthesis } from '../server/src/test/fake-synthesis';
import { sumLedger } from '../server/src/features/usage/usage.repository';
import { newId } from '../server/src/lib/ids';
import { timeReading } from './http-load';
import { failsBar, sized } from './smoke';

const FIRST_BYTE_MS = 25;
const SAMPLES = sized(100, 5);
const CONCURRENT = sized(20, 3);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-studio-'));
const db = connect({ sqliteFile: path.join(dir, 'bench.sqlite') });
await migrateToLatest(db);
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  WEB_DIST_DIR: '/nonexistent',
  OUTBOX_DIR: path.join(dir, 'outbox'),
});
const { app, ctx } = await createApp({ env, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

/** A synthesis service whose first chunk takes FIRST_BYTE_MS, then streams 2 s of audio in 10 chunks. */
const base = createFakeSynthesis({ frames: 80, framesPerChunk: 8, chunkDelayMs: 2 });
ctx.synthesis = {
  async synthesize(options) {
    await new Promise((r) => setTimeout(r, FIRST_BYTE_MS));
    return base.synthesize(options);
  },
};

async function paidUser(): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('users')
    .values({
      id,
      email: `bench-${id}@example.com`,
      created_at: now,
      updated_at: now,
      subscription_status: 'active',
      subscription_tier: 'paid',
      plan: 'monthly',
    })
    .execute();
  if (!isAccountsAuth(ctx.auth)) throw new Error('accounts auth expected');
  return `${ctx.auth.cookieName}=${await ctx.auth.issueSession(id)}`;
}

const origin = `http://127.0.0.1:${port}`;
const generate = (cookie: string, text: string) =>
  timeReading(origin, cookie, { voiceId: 'bench-voice', text });

async function directFirstByte(text: string): Promise<number> {
  const start = performance.now();
  const result = await ctx.synthesis.synthesize({
    text,
    voiceId: 'bench-voice',
    settings: { speed: 1, stability: 0.5, similarity: 0.5 },
    userId: null,
    requestId: 'bench',
  });
  const it = result.audio[Symbol.asyncIterator]();
  await it.next();
  const t = performance.now() - start;
  result.audio.destroy();
  return t;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

// Warm up both paths.
const warm = await paidUser();
await generate(warm, 'Warm up.');
await directFirstByte('Warm up.');

// Sequential samples, alternating the two paths; a fresh user every 10 readings (docs/glossary.md#S9 allows 10 a minute).
const direct: number[] = [];
const viaApi: number[] = [];
let cookie = await paidUser();
for (let i = 0; i < SAMPLES; i++) {
  if (i % 10 === 0) cookie = await paidUser();
  direct.push(await directFirstByte(`Line number ${i} of the benchmark.`));
  const r = await generate(cookie, `Line number ${i} of the benchmark.`);
  if (r.status !== 200) throw new Error(`generation answered ${r.status}`);
  viaApi.push(r.firstByteMs);
}

// 20 generations at once, one per user.
const cookies = await Promise.all(Array.from({ length: CONCURRENT }, () => paidUser()));
const wallStart = performance.now();
const parallel = await Promise.all(
  cookies.map((c, i) => generate(c, `Concurrent reading ${i}, all at once.`)),
);
const wall = performance.now() - wallStart;
const ok = parallel.filter((r) => r.status === 200 && r.bytes === base.bytes().length).length;
await new Promise((r) => setTimeout(r, 200));
const saved = Number(
  (
    await db.kysely
      .selectFrom('generations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const month = new Date().toISOString().slice(0, 7);
const counters = await db.kysely
  .selectFrom('usage_counters')
  .selectAll()
  .where('month', '=', month)
  .execute();
let ledgerOk = true;
for (const c of counters)
  if ((await sumLedger(db.kysely, c.user_id, month)) !== Number(c.used)) ledgerOk = false;

const added95 = pct(viaApi, 95) - pct(direct, 95);
const added50 = pct(viaApi, 50) - pct(direct, 50);
console.table([
  {
    measure: 'synthesis service alone: first byte',
    p50: ms(pct(direct, 50)),
    p95: ms(pct(direct, 95)),
    note: `${SAMPLES} samples`,
  },
  {
    measure: 'POST /api/readings: first byte',
    p50: ms(pct(viaApi, 50)),
    p95: ms(pct(viaApi, 95)),
    note: `${SAMPLES} samples`,
  },
  {
    measure: 'added by the server',
    p50: ms(added50),
    p95: ms(added95),
    note: added95 <= 15 ? 'P3 met (<= 15 ms p95)' : 'P3 NOT met (> 15 ms p95)',
  },
  {
    measure: `${CONCURRENT} concurrent generations: first byte`,
    p50: ms(
      pct(
        parallel.map((r) => r.firstByteMs),
        50,
      ),
    ),
    p95: ms(
      pct(
        parallel.map((r) => r.firstByteMs),
        95,
      ),
    ),
    note: `${ok}/${CONCURRENT} complete, wall ${ms(wall)}`,
  },
  {
    measure: `${CONCURRENT} concurrent generations: whole reading`,
    p50: ms(
      pct(
        parallel.map((r) => r.totalMs),
        50,
      ),
    ),
    p95: ms(
      pct(
        parallel.map((r) => r.totalMs),
        95,
      ),
    ),
    note: `history rows ${saved}, counter = ledger: ${ledgerOk ? 'yes' : 'NO'}`,
  },
]);

await app.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
if (failsBar(added95 > 15) || ok !== CONCURRENT || !ledgerOk) process.exitCode = 1;
