import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../db/connection';
import { EnvError, parseEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb, type TestDb } from '../../test/test-db';
import { usePostgres, type TestPostgres } from '../../test/postgres-server';
import { createFakeVoiceEngine } from '../../test/fake-voice-engine';
import { createUser, type TestUser } from '../../test/factories';
import { pacedAudio } from '../../test/paced-engine';
import { startS3Server } from '../../test/s3-server';
import { postAndHangUp, postOverSocket } from '../../test/hang-up';
import {
  startWorker,
  stopWorker,
  WORKER_ENTRY,
  type WorkerProcess,
} from '../../test/worker-process';
import { sumLedger } from '../../features/usage/usage.repository';
import { piecesOf } from '../../features/readings/charged-synthesis';
import { JOB_AUDIO_PREFIX, PG_BOSS_SCHEMA, SYNTHESIS_QUEUE_NAME } from './queue-protocol';
import { QUEUE_NEEDS_POSTGRES_MESSAGE } from './queued-engine';
import { WORKER_NEEDS_QUEUE_MESSAGE } from './worker-process';

/**
 * SYNTHESIS_QUEUE=postgres (decision 242): the server queues syntheses on PostgreSQL (pg-boss)
 * and worker processes make them. Always on PostgreSQL (a cluster of its own when the pass is
 * SQLite's), with real worker processes.
 */
describe('synthesis through the PostgreSQL queue and worker processes', () => {
  let pg: TestPostgres;
  let db: TestDb;
  let t: TestApp;
  let dataDir: string;
  let workerEnv: Record<string, string>;
  let voiceId: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    pg = await usePostgres();
    db = await createTestDb({ postgresUrl: pg.url });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-queue-'));
    const databaseUrl = db.connection.databaseUrl!;
    t = await createTestApp({
      db,
      engine: createFakeVoiceEngine(),
      env: { DATA_DIR: dataDir, SYNTHESIS_QUEUE: 'postgres', DATABASE_URL: databaseUrl },
    });
    // Workers share the server's store (DATA_DIR/audio here; an S3 bucket across machines).
    workerEnv = {
      DATA_DIR: dataDir,
      SYNTHESIS_QUEUE: 'postgres',
      DATABASE_URL: databaseUrl,
      SYNTHESIS_WORKER_CONCURRENCY: '2',
      SYNTHESIS_QUEUE_SUPERVISE_SECONDS: '1',
    };
    const row = await t.db.kysely
      .selectFrom('voices')
      .select('id')
      .where('provider_voice_id', '=', 'fake-tom')
      .executeTakeFirstOrThrow();
    voiceId = row.id;
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => stopWorker(w)));
    await t?.close();
    pg?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => stopWorker(w)));
    await sql`delete from ${sql.table(`${PG_BOSS_SCHEMA}.job`)}`.execute(t.db.kysely);
  });

  const spawnWorker = async (env: Record<string, string> = {}, entry?: string) => {
    const worker = await startWorker({ env: { ...workerEnv, ...env }, entry });
    workers.push(worker);
    return worker;
  };
  /** Kills the worker that took the job (the first to say so). */
  const killHolder = (pair: WorkerProcess[]) => {
    const holder = pair.find((w) => w.log().includes('synthesis job started'));
    holder?.process.kill('SIGKILL');
    return holder ?? null;
  };

  /** The queue's jobs, oldest first (a job is marked completed just after its end is announced). */
  const jobs = async () =>
    (
      await sql<{ id: string; state: string; retry_count: number }>`
        select id, state, retry_count from ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
        where name = ${SYNTHESIS_QUEUE_NAME} order by created_on`.execute(t.db.kysely)
    ).rows;

  const usage = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie })).json() as {
      used: number;
    };
  const ledger = (user: TestUser) =>
    t.db.kysely.selectFrom('usage_ledger').selectAll().where('user_id', '=', user.id).execute();
  const chunkFiles = () => {
    const dir = path.join(dataDir, 'audio', JOB_AUDIO_PREFIX);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  /**
   * POSTs a Studio reading over a real socket. `onFirstBytes` runs when the first audio arrives;
   * resolves with everything received and whether the response ended cleanly.
   */
  /**
   * POSTs a Studio reading over a real socket; `onBytes` sees the running total as audio arrives.
   * Resolves with everything received and whether the response ended cleanly.
   */
  const read = (
    user: TestUser,
    text: string,
    hooks: { onBytes?: (received: number) => void | Promise<void> } = {},
  ) =>
    new Promise<{ status: number; audio: Buffer; complete: boolean }>((resolve, reject) => {
      void postOverSocket(
        t,
        { path: '/api/readings', body: { voiceId, text }, cookie: user.cookie },
        (res) => {
          const parts: Buffer[] = [];
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            parts.push(chunk);
            received += chunk.length;
            void hooks.onBytes?.(received);
          });
          const finish = (complete: boolean) =>
            resolve({ status: res.statusCode ?? 0, audio: Buffer.concat(parts), complete });
          res.on('end', () => finish(res.complete));
          res.on('aborted', () => finish(false));
          res.on('error', () => finish(false));
        },
      ).then((req) => req.on('error', reject), reject);
    });

  it('makes a Studio reading on a worker process, streaming the audio on before the job ends, and charges it once', async () => {
    await spawnWorker({ QUEUE_TEST_CHUNKS: '6', QUEUE_TEST_CHUNK_MS: '150' });
    const user = await createUser(t, { tier: 'paid' });
    const text = 'The first sentence is here. And the second one follows.';
    let statesAtFirstBytes: string[] | null = null;
    const result = await read(user, text, {
      onBytes: async () => {
        if (statesAtFirstBytes) return;
        statesAtFirstBytes = [];
        statesAtFirstBytes = (await jobs()).map((j) => j.state);
      },
    });
    expect(result.status).toBe(200);
    expect(result.complete).toBe(true);
    // The first audio came while the first job was still running on the worker.
    expect(statesAtFirstBytes![0]).toBe('active');
    const expected = Buffer.concat(
      piecesOf(text, 'sentences').map((p) => pacedAudio('fake-tom', p.text, 6)),
    );
    expect(result.audio.equals(expected)).toBe(true);
    await expect.poll(async () => (await usage(user)).used, { timeout: 5000 }).toBe(text.length);
    expect(await sumLedger(t.db.kysely, user.id, '2026-03')).toBe(text.length);
    expect(await ledger(user)).toHaveLength(1);
    await expect
      .poll(async () => (await jobs()).map((j) => [j.state, j.retry_count]), { timeout: 5000 })
      .toEqual([
        ['completed', 0],
        ['completed', 0],
      ]);
    // The chunk objects are removed once the reading has them.
    await expect.poll(chunkFiles, { timeout: 5000 }).toEqual([]);
  });

  it('retries a job once on another worker when its worker is killed mid-job: the reading completes without repeated bytes, charged once', async () => {
    const env = { QUEUE_TEST_CHUNKS: '20', QUEUE_TEST_CHUNK_MS: '150' };
    const pair = [await spawnWorker(env), await spawnWorker(env)];
    const user = await createUser(t, { tier: 'paid' });
    const text = 'A single long line that a worker is killed in the middle of.';
    let killed: WorkerProcess | null = null;
    const result = await read(user, text, {
      onBytes: (received) => {
        // A few chunks have reached the browser: kill the worker making them.
        if (killed || received < 3 * 600) return;
        killed = killHolder(pair);
      },
    });
    expect(killed).not.toBeNull();
    expect(result.status).toBe(200);
    expect(result.complete).toBe(true);
    expect(result.audio.equals(pacedAudio('fake-tom', text, 20))).toBe(true);
    const survivor = pair.find((w) => w !== killed)!;
    expect(survivor.log()).toMatch(/"attempt":1[^\n]*synthesis job done/);
    await expect
      .poll(async () => (await jobs()).map((j) => [j.state, j.retry_count]), { timeout: 5000 })
      .toEqual([['completed', 1]]);
    await expect.poll(async () => (await usage(user)).used, { timeout: 5000 }).toBe(text.length);
    expect(await ledger(user)).toHaveLength(1);
    expect(await sumLedger(t.db.kysely, user.id, '2026-03')).toBe(text.length);
  }, 60_000);

  it('stops cleanly when the retry makes different audio: no spliced bytes, only the sentences sent are charged', async () => {
    const env = { QUEUE_TEST_CHUNKS: '20', QUEUE_TEST_CHUNK_MS: '150', QUEUE_TEST_VARYING: '1' };
    const pair = [await spawnWorker(env), await spawnWorker(env)];
    const user = await createUser(t, { tier: 'paid' });
    const text = 'The first sentence is cut short here. The second is never made.';
    const [first] = piecesOf(text, 'sentences');
    let killed: WorkerProcess | null = null;
    let sentBeforeKill = 0;
    const result = await read(user, text, {
      onBytes: (received) => {
        if (killed || received < 3 * 600) return;
        killed = killHolder(pair);
        sentBeforeKill = received;
      },
    });
    expect(result.complete).toBe(false);
    // Only the dead worker's bytes reached the browser: nothing of the retry's other audio.
    expect(result.audio.length).toBeLessThan(20 * 600);
    expect(result.audio.length).toBeGreaterThanOrEqual(sentBeforeKill);
    await expect.poll(async () => (await usage(user)).used, { timeout: 5000 }).toBe(first!.end);
    expect(await sumLedger(t.db.kysely, user.id, '2026-03')).toBe(first!.end);
  }, 60_000);

  it('cancels the job when the caller goes away, and the worker stops making it', async () => {
    const worker = await spawnWorker({ QUEUE_TEST_CHUNKS: '200', QUEUE_TEST_CHUNK_MS: '100' });
    const user = await createUser(t, { tier: 'paid' });
    await postAndHangUp(t, {
      path: '/api/readings',
      body: { voiceId, text: 'A long line nobody waits to hear.' },
      cookie: user.cookie,
      enough: (received) => received > 0,
    });
    await expect
      .poll(async () => (await jobs()).map((j) => j.state), { timeout: 10_000 })
      .toEqual(['cancelled']);
    await expect
      .poll(() => worker.log().includes('synthesis job stopped'), { timeout: 10_000 })
      .toBe(true);
    expect(worker.log()).not.toContain('synthesis job done');
  }, 30_000);

  it('streams through an S3-compatible bucket, and a worker told to stop (SIGTERM) finishes the job in hand first', async () => {
    const s3 = await startS3Server();
    const own = connect({ databaseUrl: db.connection.databaseUrl! });
    const app = await createTestApp({
      db: { ...own, connection: db.connection, destroy: () => own.close() },
      engine: createFakeVoiceEngine(),
      env: {
        DATA_DIR: dataDir,
        SYNTHESIS_QUEUE: 'postgres',
        DATABASE_URL: db.connection.databaseUrl!,
        ...s3.env('prod'),
      },
    });
    try {
      const worker = await spawnWorker({
        ...s3.env('prod'),
        QUEUE_TEST_CHUNKS: '8',
        QUEUE_TEST_CHUNK_MS: '200',
      });
      const user = await createUser(app, { tier: 'paid' });
      const text = 'One line made while its worker is asked to stop.';
      const result = await new Promise<Buffer>((resolve, reject) => {
        void postOverSocket(
          app,
          { path: '/api/readings', body: { voiceId, text }, cookie: user.cookie },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (chunk: Buffer) => {
              if (parts.length === 0) worker.process.kill('SIGTERM');
              parts.push(chunk);
            });
            res.on('end', () => resolve(Buffer.concat(parts)));
            res.on('error', reject);
          },
        );
      });
      expect(result.equals(pacedAudio('fake-tom', text, 8))).toBe(true);
      expect(await worker.exited).toBe(0);
      expect(worker.log()).toContain('synthesis job done');
      await expect
        .poll(async () => (await jobs()).map((j) => [j.state, j.retry_count]), { timeout: 5000 })
        .toEqual([['completed', 0]]);
      // The chunks went through the bucket, and are gone from it.
      expect(
        s3.requests.some((r) => r.method === 'PUT' && r.url.includes('/prod/synthesis-jobs/')),
      ).toBe(true);
      const left = async () => {
        const keys: string[] = [];
        for await (const o of app.ctx.storage.list(JOB_AUDIO_PREFIX)) keys.push(o.key);
        return keys;
      };
      await expect.poll(left, { timeout: 5000 }).toEqual([]);
    } finally {
      await app.close();
      await s3.close();
    }
  }, 60_000);

  it('hands a job back when its worker is told to stop and cannot finish within the grace period: another worker completes it', async () => {
    const env = { QUEUE_TEST_CHUNKS: '20', QUEUE_TEST_CHUNK_MS: '150', SHUTDOWN_GRACE_MS: '1000' };
    const pair = [await spawnWorker(env), await spawnWorker(env)];
    const user = await createUser(t, { tier: 'paid' });
    const text = 'A line longer than its worker may take to stop.';
    let stopped: WorkerProcess | null = null;
    const result = await read(user, text, {
      onBytes: (received) => {
        if (stopped || received < 2 * 600) return;
        stopped = pair.find((w) => w.log().includes('synthesis job started')) ?? null;
        stopped?.process.kill('SIGTERM');
      },
    });
    expect(stopped).not.toBeNull();
    const logs = pair.map((w) => w.log()).join('\n');
    expect(result.complete, logs).toBe(true);
    expect(result.audio.equals(pacedAudio('fake-tom', text, 20)), logs).toBe(true);
    expect(await stopped!.exited, stopped!.log()).toBe(0);
    await expect
      .poll(async () => (await jobs()).map((j) => [j.state, j.retry_count]), { timeout: 5000 })
      .toEqual([['completed', 1]]);
    expect(await sumLedger(t.db.kysely, user.id, '2026-03')).toBe(text.length);
  }, 60_000);

  it('runs the real worker entry with the configured voice engines', async () => {
    // The offline engine in both: the server's catalogue, the worker's synthesis.
    const own = connect({ databaseUrl: db.connection.databaseUrl! });
    const real = await createTestApp({
      db: { ...own, connection: db.connection, destroy: () => own.close() },
      env: {
        DATA_DIR: dataDir,
        SYNTHESIS_QUEUE: 'postgres',
        DATABASE_URL: db.connection.databaseUrl!,
      },
    });
    try {
      await spawnWorker({}, WORKER_ENTRY);
      const user = await createUser(real, { tier: 'paid' });
      const offered = (
        await real.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })
      ).json() as { voices: { id: string }[] };
      const fake = new Set(
        (
          await real.db.kysely
            .selectFrom('voices')
            .select('id')
            .where('provider_voice_id', 'like', 'fake-%')
            .execute()
        ).map((r) => r.id),
      );
      const voice = offered.voices.find((v) => !fake.has(v.id))!;
      const made = await real.request({
        method: 'POST',
        url: '/api/readings',
        cookie: user.cookie,
        payload: { voiceId: voice.id, text: 'Hello from a worker.' },
      });
      expect(made.statusCode).toBe(200);
      expect(made.headers['content-type']).toBe('audio/mpeg');
      expect(made.rawPayload.length).toBeGreaterThan(1000);
    } finally {
      await real.close();
    }
  }, 60_000);

  it('refuses queue mode without PostgreSQL: the settings, the server and the worker say why', async () => {
    expect(() => parseEnv({ SYNTHESIS_QUEUE: 'postgres' })).toThrow(EnvError);
    expect(() => parseEnv({ SYNTHESIS_QUEUE: 'postgres' })).toThrow(
      /SYNTHESIS_QUEUE: postgres needs DATABASE_URL/,
    );
    expect(parseEnv({}).SYNTHESIS_QUEUE).toBeUndefined();
    const sqlite = await createTestDb({ sqlite: true });
    await expect(
      createTestApp({
        db: sqlite,
        engine: createFakeVoiceEngine(),
        env: { SYNTHESIS_QUEUE: 'postgres', DATABASE_URL: db.connection.databaseUrl! },
      }),
    ).rejects.toThrow(QUEUE_NEEDS_POSTGRES_MESSAGE);
    await sqlite.destroy();
    const worker = await startWorker({ entry: WORKER_ENTRY, env: { DATA_DIR: dataDir } });
    expect(await worker.exited).toBe(1);
    expect(worker.log()).toContain(WORKER_NEEDS_QUEUE_MESSAGE);
  });
});
