import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AUDIO_RETENTION_QUEUE,
  startAudioRetentionJob,
  type RetentionJob,
} from '../../jobs/audio-retention.job';
import { usePostgres, type TestPostgres } from '../../test/postgres-server';
import { createTestDb, type TestDb } from '../../test/test-db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { removeExpiredAudio } from './audio-retention.service';
import { insertReading } from './history.repository';

// The test app's clock says 2026-03-15T12:00Z; 30 days before is 2026-02-13T12:00Z.
const LONG_AGO = '2026-01-20T00:00:00.000Z';
const LAST_WEEK = '2026-03-08T00:00:00.000Z';

describe('audio retention job', () => {
  let t: TestApp;
  let dataDir: string;
  let user: TestUser;
  let n = 0;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-retention-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    user = await createUser(t, { tier: 'paid' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fileOf = (key: string) => path.join(dataDir, 'audio', key);
  const exists = (key: string) => fs.existsSync(fileOf(key));
  /** A stored file last written at `writtenAt`. */
  const store = async (key: string, writtenAt: string) => {
    const writer = await t.ctx.storage.openWriter(key);
    await writer.write(Buffer.from('ID3 audio'));
    await writer.end();
    const at = new Date(writtenAt);
    fs.utimesSync(fileOf(key), at, at);
  };
  /** A reading with its file; deleted at `deletedAt` when given. */
  const reading = async (options: { writtenAt: string; deletedAt?: string }) => {
    const id = `g${++n}`;
    const key = `users/${user.id}/generations/generation_${n}_${id}.mp3`;
    await store(key, options.writtenAt);
    await insertReading(t.db.kysely, {
      id,
      user_id: user.id,
      text: 'A line.',
      audio_key: key,
      voice_id: 'v1',
      voice_name: 'Voice',
      voice_gender: null,
      voice_accent: null,
      voice_age: null,
      created_at: options.writtenAt,
      duration: 1,
      character_count: 7,
      script_id: null,
      size_bytes: 9,
      settings: '{}',
      is_deleted: options.deletedAt ? 1 : 0,
      deleted_at: options.deletedAt ?? null,
      updated_at: options.deletedAt ?? options.writtenAt,
    });
    return { id, key };
  };
  const row = (id: string) =>
    t.db.kysely.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();

  it('removes the files of readings deleted before the retention period, and orphan files, and nothing else', async () => {
    const live = await reading({ writtenAt: LONG_AGO });
    const deletedLongAgo = await reading({ writtenAt: LONG_AGO, deletedAt: LONG_AGO });
    const deletedLastWeek = await reading({ writtenAt: LONG_AGO, deletedAt: LAST_WEEK });
    // No reading points at these: a deleted account's reading, an unfinished write, a new file.
    const orphan = `users/gone-user/generations/generation_1_x.mp3`;
    const unfinished = `users/${user.id}/generations/generation_2_y.mp3.0b1c.part`;
    const fresh = `users/${user.id}/generations/generation_3_z.mp3`;
    const elsewhere = `exports/report.csv`;
    await store(orphan, LONG_AGO);
    fs.writeFileSync(fileOf(unfinished), 'half');
    fs.utimesSync(fileOf(unfinished), new Date(LONG_AGO), new Date(LONG_AGO));
    await store(fresh, LAST_WEEK);
    await store(elsewhere, LONG_AGO);
    // Synthesis jobs' chunks (decision 242): left by a dead worker two hours ago, and in use now.
    const deadJobChunk = 'synthesis-jobs/job-a.0.000003';
    const runningJobChunk = 'synthesis-jobs/job-b.0.000000';
    await store(deadJobChunk, '2026-03-15T10:00:00Z');
    await store(runningJobChunk, '2026-03-15T11:59:00Z');

    const result = await removeExpiredAudio(t.ctx);

    expect(result).toEqual({ deletedReadings: 1, orphans: 2, jobChunks: 1 });
    expect(exists(deadJobChunk)).toBe(false);
    expect(exists(runningJobChunk)).toBe(true);
    expect(exists(deletedLongAgo.key)).toBe(false);
    expect(exists(orphan)).toBe(false);
    expect(exists(unfinished)).toBe(false);
    for (const key of [live.key, deletedLastWeek.key, fresh, elsewhere])
      expect(exists(key), key).toBe(true);
    // The history row stays (counts and the ledger refer to it), marked as having no file.
    expect(await row(deletedLongAgo.id)).toMatchObject({
      is_deleted: 1,
      audio_removed_at: '2026-03-15T12:00:00.000Z',
    });
    expect((await row(deletedLastWeek.id))?.audio_removed_at).toBeNull();
    expect((await row(live.id))?.audio_removed_at).toBeNull();

    // Nothing is left to do until time moves on; then last week's deletion expires too.
    expect(await removeExpiredAudio(t.ctx)).toEqual({
      deletedReadings: 0,
      orphans: 0,
      jobChunks: 0,
    });
    t.clock.advance(30 * 24 * 60 * 60_000);
    expect(await removeExpiredAudio(t.ctx)).toEqual({
      deletedReadings: 1,
      orphans: 1,
      jobChunks: 1,
    });
    expect(exists(deletedLastWeek.key)).toBe(false);
    expect(exists(fresh)).toBe(false);
    expect(exists(live.key)).toBe(true);
    t.clock.set('2026-03-15T12:00:00Z');
  });

  it('works through more deleted readings than one batch', async () => {
    const many = [];
    for (let i = 0; i < 205; i++)
      many.push(await reading({ writtenAt: LONG_AGO, deletedAt: LONG_AGO }));
    expect((await removeExpiredAudio(t.ctx)).deletedReadings).toBe(205);
    expect(many.filter((r) => exists(r.key))).toEqual([]);
  });

  it('runs on its own in the server, a while after start and then on a schedule', async () => {
    const orphan = `users/gone-user/generations/generation_9_w.mp3`;
    await store(orphan, LONG_AGO);
    const job = startAudioRetentionJob(t.ctx, { firstRunDelayMs: 10, intervalMs: 50 });
    try {
      await expect.poll(() => exists(orphan), { timeout: 5_000 }).toBe(false);
      await store(orphan, LONG_AGO);
      await expect.poll(() => exists(orphan), { timeout: 5_000 }).toBe(false);
    } finally {
      await job.stop();
    }
  });
});

describe('audio retention on PostgreSQL, with several server processes', () => {
  let pg: TestPostgres;
  let db: TestDb;
  let a: TestApp;
  let b: TestApp;
  let jobs: RetentionJob[] = [];
  beforeAll(async () => {
    pg = await usePostgres();
    db = await createTestDb({ postgresUrl: pg.url });
    a = await createTestApp({ db });
    b = await createTestApp({ db });
  });
  afterAll(async () => {
    await Promise.all(jobs.map((j) => j.stop()));
    await a.close();
    await b.close();
    await db.destroy();
    pg.stop();
  });

  it('keeps one hourly schedule and one first run for the installation, not one per process', async () => {
    jobs = [startAudioRetentionJob(a.ctx), startAudioRetentionJob(b.ctx)];
    await Promise.all(jobs.map((j) => j.ready));
    const schedules = await sql<{ name: string; cron: string }>`
      select name, cron from pgboss.schedule where name = ${AUDIO_RETENTION_QUEUE}`.execute(
      db.kysely,
    );
    expect(schedules.rows).toEqual([{ name: AUDIO_RETENTION_QUEUE, cron: '17 * * * *' }]);
    const waiting = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where name = ${AUDIO_RETENTION_QUEUE} and state = 'created'`.execute(db.kysely);
    expect(waiting.rows[0]!.n).toBe(1);
  });
});

describe('local storage list', () => {
  it('lists every file under a prefix, nested, and nothing outside it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-list-'));
    try {
      const { createLocalStorage } = await import('../../adapters/storage/local-storage');
      const storage = createLocalStorage(root);
      for (const key of [
        'users/a/generations/1.mp3',
        'users/a/generations/2.mp3',
        'users/ab/x.mp3',
        'users/b/y.mp3',
        'other/z.mp3',
      ]) {
        const w = await storage.openWriter(key);
        w.write(Buffer.from('12345'));
        await w.end();
      }
      const keys = async (prefix: string) => {
        const out = [];
        for await (const o of storage.list(prefix)) {
          expect(o.size).toBe(5);
          out.push(o.key);
        }
        return out.sort();
      };
      expect(await keys('users/')).toEqual([
        'users/a/generations/1.mp3',
        'users/a/generations/2.mp3',
        'users/ab/x.mp3',
        'users/b/y.mp3',
      ]);
      expect(await keys('users/a/')).toEqual([
        'users/a/generations/1.mp3',
        'users/a/generations/2.mp3',
      ]);
      expect(await keys('users/a')).toEqual([
        'users/a/generations/1.mp3',
        'users/a/generations/2.mp3',
        'users/ab/x.mp3',
      ]);
      expect(await keys('nothing/here/')).toEqual([]);
      await expect(keys('../')).rejects.toThrow(/Invalid storage prefix/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
