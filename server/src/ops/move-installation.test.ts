import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingListSchema } from '@doublecast/common/studio';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDb, type TestDb } from '../test/test-db';
import { createUser, type TestUser } from '../test/factories';
import { createFakeSynthesis, synthesisInTurn } from '../test/fake-synthesis';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { usePostgres, type TestPostgres } from '../test/postgres-server';

const run = promisify(execFile);
const CLI = path.resolve('server/src/ops/cli.ts');
const TSX = path.resolve('node_modules/.bin/tsx');

/** Runs `node server/dist/ops.js` from its source, as an operator would, with `env` added. */
async function ops(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run(TSX, [CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('moving an SQLite installation to PostgreSQL and its audio to S3', () => {
  let pg: TestPostgres;
  let s3: TestS3Server;
  let dataDir: string;
  let old: TestApp;
  let target: TestDb;
  const users: { user: TestUser; audio: Buffer[] }[] = [];

  beforeAll(async () => {
    [pg, s3] = await Promise.all([usePostgres(), startS3Server()]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-move-'));
    // Each user's readings, of known sizes, made in this order.
    const frames = [[120, 80], [60]];
    const takes = frames.map((user) => user.map((n) => createFakeSynthesis({ frames: n })));
    old = await createTestApp({
      db: await createTestDb({ sqlite: true }),
      env: { DATA_DIR: dataDir },
      synthesis: synthesisInTurn(takes.flat()),
    });
    for (const userTakes of takes) {
      const user = await createUser(old, { tier: 'paid' });
      const audio: Buffer[] = [];
      for (const [i, take] of userTakes.entries()) {
        const res = await old.request({
          method: 'POST',
          url: '/api/readings',
          payload: { voiceId: 'v-ava', text: `Reading ${i} of ${user.email}.` },
          cookie: user.cookie,
        });
        expect(res.statusCode).toBe(200);
        audio.push(take.bytes());
      }
      users.push({ user, audio });
    }
    // An unfinished write is left behind, as a crash would leave it.
    fs.writeFileSync(
      path.join(dataDir, 'audio', 'users', users[0]!.user.id, 'generations', 'x.mp3.1.part'),
      'partial',
    );
    target = await createTestDb({ postgresUrl: pg.url });
  });
  afterAll(async () => {
    await old?.close();
    await target?.destroy();
    await s3?.close();
    pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const history = async (t: TestApp, user: TestUser) =>
    readingListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json(),
    ).generations;

  it('copies every row and file with the command, and the moved installation works as before', async () => {
    const targetUrl = target.connection.databaseUrl!;
    const before = await Promise.all(users.map(({ user }) => history(old, user)));
    const sqliteFile = old.db.connection.sqliteFile!;
    const moved = await ops(
      [
        'move-to-postgres',
        '--from-sqlite',
        sqliteFile,
        '--from-audio',
        path.join(dataDir, 'audio'),
      ],
      { DATABASE_URL: targetUrl, ...s3.env('moved') },
    );
    expect(moved.out).toMatch(/Moved \d+ rows in \d+ tables and 3 audio files/);
    expect(moved.code).toBe(0);

    // Every table has the same rows on both sides.
    const tables = [
      'users',
      'auth_sessions',
      'generations',
      'usage_ledger',
      'usage_counters',
      'voices',
      'reading_requests',
      'analytics_events',
      'voice_provider_metrics',
    ];
    for (const table of tables) {
      const count = async (db: TestDb) =>
        Number(
          (
            await db.kysely
              // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table by name
              .selectFrom(table as any)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect([table, await count(target)]).toEqual([table, await count(old.db)]);
    }

    const after = await createTestApp({
      db: target,
      env: s3.env('moved'),
      synthesis: createFakeSynthesis({ frames: 10 }),
    });
    try {
      for (const [i, { user, audio }] of users.entries()) {
        // The same session cookie still signs in; history, usage and audio are unchanged.
        const items = await history(after, user);
        expect(items).toEqual(before[i]);
        for (const item of items) {
          const res = await after.request({
            method: 'GET',
            url: item.audioUrl,
            cookie: user.cookie,
          });
          expect(res.statusCode).toBe(200);
          expect(audio.some((a) => a.equals(res.rawPayload))).toBe(true);
        }
        const usage = (cookie: string, t: TestApp) =>
          t.request({ method: 'GET', url: '/api/usage', cookie }).then((r) => r.json());
        expect(await usage(user.cookie, after)).toEqual(await usage(user.cookie, old));
      }
      // The counters kept by triggers were copied, not counted again.
      const counted = await target.kysely
        .selectFrom('users')
        .select(['id', 'recordings_count'])
        .execute();
      expect(Object.fromEntries(counted.map((u) => [u.id, Number(u.recordings_count)]))).toEqual(
        Object.fromEntries(users.map(({ user, audio }) => [user.id, audio.length])),
      );
      // New rows get fresh ids after the copied ones (sequences moved on), and a new reading works.
      const fresh = await after.request({
        method: 'POST',
        url: '/api/readings',
        payload: { voiceId: 'v-ava', text: 'After the move.' },
        cookie: users[1]!.user.cookie,
      });
      expect(fresh.statusCode).toBe(200);
      expect(await history(after, users[1]!.user)).toHaveLength(2);
      // The unfinished write was not moved.
      const keys: string[] = [];
      for await (const o of after.ctx.storage.list('users/')) keys.push(o.key);
      expect(keys.some((k) => k.endsWith('.part'))).toBe(false);
    } finally {
      await after.app.close();
    }

    // A second run refuses to write into an installation that is in use.
    const again = await ops(['move-to-postgres', '--from-sqlite', sqliteFile], {
      DATABASE_URL: targetUrl,
    });
    expect(again.code).toBe(1);
    expect(again.out).toContain('The target database already has users');
  });
});
