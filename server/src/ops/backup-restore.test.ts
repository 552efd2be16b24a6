import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingListSchema } from '@doublecast/common/studio';
import { connect } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDb } from '../test/test-db';
import { createUser, type TestUser } from '../test/factories';
import { createFakeSynthesis } from '../test/fake-synthesis';
import { postgresBin, usePostgres, type TestPostgres } from '../test/postgres-server';

const run = promisify(execFile);

/** The procedures of docs/deploy.md "Backup and restore", performed as written there. */
describe('backup and restore', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-backup-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const makeReadings = async (t: TestApp, user: TestUser, n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/readings',
        payload: { voiceId: 'v-ava', text: `Line ${i} for the backup.` },
        cookie: user.cookie,
      });
      expect(res.statusCode).toBe(200);
    }
  };
  // Every app of this file reads through a stand-in voice (built with the app, never swapped in).
  const voice = () => createFakeSynthesis({ frames: 20 });
  const history = async (t: TestApp, user: TestUser) =>
    readingListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json(),
    ).generations;

  it('SQLite: ops.js backup-sqlite copies a database that is being written, and the copy restores', async () => {
    const live = await createTestApp({
      db: await createTestDb({ sqlite: true }),
      env: { DATA_DIR: dataDir },
      synthesis: voice(),
    });
    const backupFile = path.join(dataDir, 'backup.sqlite');
    try {
      const user = await createUser(live, { tier: 'paid' });
      await makeReadings(live, user, 3);
      const acknowledged = (await history(live, user)).length;
      // Writes go on while the backup runs (the server need not stop).
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing && written < 500) {
          await createUser(live);
          written++;
        }
      })();
      const { stdout } = await run(
        path.resolve('node_modules/.bin/tsx'),
        [path.resolve('server/src/ops/cli.ts'), 'backup-sqlite', backupFile],
        { env: { ...process.env, SQLITE_FILE: live.db.connection.sqliteFile! } },
      );
      writing = false;
      await writer;
      expect(stdout).toContain('integrity check ok');
      expect(written).toBeGreaterThan(0);

      // Restore: the backup file becomes the database of a new installation.
      const restoredFile = path.join(dataDir, 'restored', 'doublecast.sqlite');
      fs.mkdirSync(path.dirname(restoredFile));
      fs.copyFileSync(backupFile, restoredFile);
      const db = connect({ sqliteFile: restoredFile });
      await migrateToLatest(db);
      const restored = await createTestApp({
        db: { ...db, connection: { sqliteFile: restoredFile }, destroy: () => db.close() },
        env: { DATA_DIR: dataDir },
        synthesis: voice(),
      });
      try {
        const items = await history(restored, user);
        expect(items).toHaveLength(acknowledged);
        expect(items).toEqual(await history(live, user));
        const audio = await restored.request({
          method: 'GET',
          url: items[0]!.audioUrl,
          cookie: user.cookie,
        });
        expect(audio.statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await live.close();
    }
  });

  describe('PostgreSQL', () => {
    let server: TestPostgres;
    beforeAll(async () => {
      server = await usePostgres();
    });
    afterAll(() => server.stop());

    it('pg_dump -Fc and pg_restore into a new database give the same installation', async () => {
      const source = await createTestDb({ postgresUrl: server.url });
      const live = await createTestApp({
        db: source,
        env: { DATA_DIR: dataDir },
        synthesis: voice(),
      });
      const dumpFile = path.join(dataDir, 'doublecast.dump');
      const restoredUrl = new URL(server.url);
      restoredUrl.pathname = `/restored_${Date.now()}`;
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        const user = await createUser(live, { tier: 'paid' });
        await makeReadings(live, user, 2);
        const bin = postgresBin();
        await run(path.join(bin, 'pg_dump'), [
          '--format=custom',
          '--file',
          dumpFile,
          source.connection.databaseUrl!,
        ]);
        await admin.query(`CREATE DATABASE ${restoredUrl.pathname.slice(1)}`);
        await run(path.join(bin, 'pg_restore'), [
          '--no-owner',
          '--exit-on-error',
          '--dbname',
          restoredUrl.toString(),
          dumpFile,
        ]);
        const db = connect({ databaseUrl: restoredUrl.toString() });
        await migrateToLatest(db);
        const restored = await createTestApp({
          db: {
            ...db,
            connection: { databaseUrl: restoredUrl.toString() },
            destroy: () => db.close(),
          },
          env: { DATA_DIR: dataDir },
          synthesis: voice(),
        });
        try {
          expect(await history(restored, user)).toEqual(await history(live, user));
          const usage = (t: TestApp) =>
            t
              .request({ method: 'GET', url: '/api/usage', cookie: user.cookie })
              .then((r) => r.json());
          expect(await usage(restored)).toEqual(await usage(live));
          // The triggers came back too: a new reading is counted on the restored database.
          await makeReadings(restored, user, 1);
          const row = await db.kysely
            .selectFrom('users')
            .select('recordings_count')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow();
          expect(Number(row.recordings_count)).toBe(3);
        } finally {
          await restored.close();
        }
      } finally {
        await live.close();
        await admin.query(`DROP DATABASE IF EXISTS ${restoredUrl.pathname.slice(1)} WITH (FORCE)`);
        await admin.end();
      }
    });
  });
});
