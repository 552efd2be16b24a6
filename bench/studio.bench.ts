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
import type { NeuralEngine } from '../server/src/features/voices/engines/neural';
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
/** A synthesis service whose first chunk takes FIRST_BYTE_MS, then streams 2 s of audio in 10 chunks. */
const base = createFakeSynthesis({ frames: 80, framesPerChunk: 8, chunkDelayMs: 2 });
const { app, ctx } = await createApp({
  env,
  db,
  logger: false,
  synthesis: {
    async synthesize(options) {
      await new Promise((r) => setTimeout(r, FIRST_BYTE_MS));
      return base.synthesize(options);
    },
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

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

/*
 * Scene readings on the real engines (decision 282): a two-hander read as a scene (each
 * character its own voice) against the same lines read in one voice, time to first audio through
 * POST /api/readings, beside the bare engine making the first sentence, and each engine's
 * real-time factor for the whole text. Bar: the scene's first audio comes at most 50 ms after the
 * one-voice reading's (medians).
 */
const SCENE_LINES = [
  ['MAYA', 'Do you remember the first rehearsal? You forgot every line.'],
  ['SAM', 'I remember you fed them to me from the wings.'],
  ['MAYA', 'Quietly, so nobody would know. I never asked for thanks.'],
  ['SAM', 'And now the director wants one of us gone.'],
] as const;
const SCENE_RUNS = sized(11, 2);

async function sceneBench(): Promise<boolean> {
  const { createTestApp } = await import('../server/src/test/test-app');
  const { createUser } = await import('../server/src/test/factories');
  const { makeVoiceModelsDir } = await import('../server/src/test/voice-models');
  const { createLocalEngine } = await import('../server/src/features/voices/engines/local');
  const { LOCAL_VOICES } = await import('../server/src/features/voices/catalogue');
  const sceneDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-scene-'));
  const modelsDir = process.env.BENCH_VOICE_MODELS_DIR ?? makeVoiceModelsDir();
  const t = await createTestApp({ env: { DATA_DIR: sceneDir, VOICE_MODELS_DIR: modelsDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const sceneOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const rows = await t.db.kysely
    .selectFrom('voices')
    .select(['id', 'provider_voice_id'])
    .where('available', '=', 1)
    .execute();
  const idOf = (provider: string) => rows.find((r) => r.provider_voice_id === provider)?.id;
  const neuralIds = rows.filter((r) => r.provider_voice_id.startsWith('neural:'));
  const bareLocal = createLocalEngine({ workDir: path.join(sceneDir, 'bare') });
  fs.mkdirSync(path.join(sceneDir, 'bare'), { recursive: true });
  const neural = t.ctx.voiceEngine.engineFor!(neuralIds[0]!.provider_voice_id) as NeuralEngine;
  const local = (id: string) => LOCAL_VOICES.find((v) => v.id === id)!;
  const engines = [
    {
      engine: 'local (espeak-ng)',
      voices: [idOf('gb-female-victoria')!, idOf('gb-male-rupert')!],
      bare: async (text: string) => {
        const t0 = performance.now();
        const wav = await bareLocal.renderRaw(
          local('gb-female-victoria'),
          text,
          path.join(sceneDir, 'bare'),
        );
        return {
          ms: performance.now() - t0,
          seconds: (wav.length - 44) / 2 / wav.readUInt32LE(24),
        };
      },
    },
    {
      engine: 'neural (sherpa-onnx)',
      voices: [neuralIds[0]!.id, (neuralIds[1] ?? neuralIds[0])!.id],
      bare: async (text: string) => {
        const t0 = performance.now();
        const { samples, sampleRate } = await neural.renderRaw(
          neuralIds[0]!.provider_voice_id.slice('neural:'.length),
          text,
        );
        return { ms: performance.now() - t0, seconds: samples.length / sampleRate };
      },
    },
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const table: Record<string, string>[] = [];
  let met = true;
  // One voice and scene readings by different users: the synthesis cache is per user, so the
  // same lines are a cache miss for each. 10 readings a minute per user (docs/glossary.md#S9):
  // a fresh user every 8.
  const users = {
    one: await createUser(t, { tier: 'paid' }),
    scene: await createUser(t, { tier: 'paid' }),
  };
  const made = { one: 0, scene: 0 };
  const post = async (
    kind: 'one' | 'scene',
    body: { voiceId: string; text: string; scene?: unknown },
  ) => {
    if (++made[kind] % 8 === 0) users[kind] = await createUser(t, { tier: 'paid' });
    const r = await timeReading(sceneOrigin, users[kind].cookie, body);
    if (r.status !== 200) throw new Error(`reading answered ${r.status}`);
    return r.firstByteMs;
  };
  try {
    for (const e of engines) {
      const [maya, sam] = e.voices as [string, string];
      await e.bare('Warm up.');
      const bareFirst: number[] = [];
      const bareRtf: number[] = [];
      const one: number[] = [];
      const scene: number[] = [];
      for (let run = 0; run < SCENE_RUNS; run++) {
        // A new take each run: every reading is a cache miss.
        const lines = SCENE_LINES.map(([who, line], i) => [
          who,
          i === 0 ? `Take ${run + 1}. ${line}` : line,
        ]);
        const spoken = lines.map(([, line]) => line).join('\n');
        const script = lines.map(([who, line]) => `${who}\n${line}`).join('\n\n');
        bareFirst.push((await e.bare(`Take ${run + 1}.`)).ms);
        const whole = await e.bare(spoken);
        bareRtf.push(whole.ms / 1000 / whole.seconds);
        const readOne = async () => one.push(await post('one', { voiceId: maya, text: spoken }));
        const readScene = async () =>
          scene.push(
            await post('scene', {
              voiceId: maya,
              text: script,
              scene: { cast: { MAYA: maya, SAM: sam }, narratorVoiceId: null },
            }),
          );
        // Each goes first every other run, so neither gains from the order.
        if (run % 2 === 0) {
          await readOne();
          await readScene();
        } else {
          await readScene();
          await readOne();
        }
      }
      // The median of each run's difference: both readings of a run meet the same load.
      const extra = median(scene.map((x, i) => x - one[i]!));
      met &&= extra <= 50;
      table.push({
        engine: e.engine,
        'bare first sentence': ms(median(bareFirst)),
        'bare RTF': median(bareRtf).toFixed(3),
        'one voice: first audio': ms(median(one)),
        'scene: first audio': ms(median(scene)),
        'scene - one voice (median of runs)': `${ms(extra)} ${extra <= 50 ? '(<= 50 ms: met)' : '(> 50 ms: NOT met)'}`,
      });
    }
  } finally {
    await t.close();
    fs.rmSync(sceneDir, { recursive: true, force: true });
    if (!process.env.BENCH_VOICE_MODELS_DIR) fs.rmSync(modelsDir, { recursive: true, force: true });
  }
  console.log(
    `\nScene readings, real engines, median of ${SCENE_RUNS} runs, ${os.availableParallelism()} cores; neural models: ${process.env.BENCH_VOICE_MODELS_DIR ?? 'the tiny test models'}.\n` +
      'RTF: seconds of work per second of audio for the whole text on the bare engine.',
  );
  console.table(table);
  return met;
}

if (!(await sceneBench()) && failsBar(true)) process.exitCode = 1;
