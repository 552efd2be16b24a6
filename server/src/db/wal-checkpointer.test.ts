import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from './connection';
import {
  checkpointInBackground,
  CHECKPOINT_EVERY_MS,
  SQLITE_AUTOCHECKPOINT_PAGES,
  stopCheckpointWorkerForTest,
} from './wal-checkpointer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-checkpoint-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
function walDatabase() {
  const file = path.join(dir, `db${files++}.sqlite`);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('CREATE TABLE t (body TEXT)');
  return { file, sqlite };
}

/** 4 MB in the log: four times the 1,000 pages after which SQLite's own commit would copy it. */
const writeFourMegabytes = (sqlite: SQLite.Database) =>
  sqlite.prepare('INSERT INTO t (body) VALUES (?)').run('x'.repeat(4 * 1024 * 1024));

async function until(check: () => boolean | Promise<boolean>, ms = 10 * CHECKPOINT_EVERY_MS) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('checkpoints in the worker (decision 249)', () => {
  it('leaves the commit to append only, and the worker copies the log into the database', async () => {
    const { file, sqlite } = walDatabase();
    const checkpointing = checkpointInBackground(sqlite, file);
    expect(await checkpointing.ready).toBe(true);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const before = fs.statSync(file).size;
    writeFourMegabytes(sqlite);
    // The commit did not copy the log: the database file has not grown by the row.
    expect(fs.statSync(file).size).toBeLessThan(before + 1024 * 1024);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
    // The worker did, within a few of its ticks.
    expect(await until(() => fs.statSync(file).size > 4 * 1024 * 1024)).toBe(true);

    await checkpointing.stop();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    sqlite.close();
  });

  it("gives a connection back SQLite's own checkpoints when the worker cannot open its file", async () => {
    const { sqlite } = walDatabase();
    const missing = path.join(dir, 'missing.sqlite');
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    const checkpointing = checkpointInBackground(sqlite, missing);
    expect(await checkpointing.ready).toBe(false);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    expect((await warned).message).toContain(`SQLite checkpoints for ${missing} run on commit`);
    await checkpointing.stop();
    sqlite.close();
  });

  it("keeps SQLite's own checkpoints for a connection stopped before the worker opened it", async () => {
    const { file, sqlite } = walDatabase();
    const checkpointing = checkpointInBackground(sqlite, file);
    // Stopped at once, twice: the second stop waits for the same answer.
    await Promise.all([checkpointing.stop(), checkpointing.stop()]);
    expect(await checkpointing.ready).toBe(false);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    sqlite.close();
  });

  it('starts its worker when the server runs from TypeScript through tsx (npm run dev)', () => {
    const { file, sqlite } = walDatabase();
    sqlite.close();
    const here = new URL('./wal-checkpointer.ts', import.meta.url).href;
    const program = [
      `import SQLite from 'better-sqlite3';`,
      `import { checkpointInBackground } from ${JSON.stringify(here)};`,
      `const sqlite = new SQLite(${JSON.stringify(file)});`,
      `const checkpointing = checkpointInBackground(sqlite, ${JSON.stringify(file)});`,
      `console.log(JSON.stringify({ ready: await checkpointing.ready }));`,
      `await checkpointing.stop();`,
      `sqlite.close();`,
    ].join('\n');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', program],
      { cwd: path.dirname(fileURLToPath(import.meta.url)), encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ ready: true });
  });

  it('gives every connection back its own checkpoints when the worker stops, and starts a new one after', async () => {
    const first = walDatabase();
    const second = walDatabase();
    const a = checkpointInBackground(first.sqlite, first.file);
    const b = checkpointInBackground(second.sqlite, second.file);
    expect([await a.ready, await b.ready]).toEqual([true, true]);

    await stopCheckpointWorkerForTest();
    for (const { sqlite } of [first, second])
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(
        SQLITE_AUTOCHECKPOINT_PAGES,
      );
    // Stopping after the worker is gone returns at once.
    await a.stop();
    await b.stop();

    const again = checkpointInBackground(first.sqlite, first.file);
    expect(await again.ready).toBe(true);
    await again.stop();
    first.sqlite.close();
    second.sqlite.close();
  });

  it('is how the server connects to a SQLite file, and closing the connection stops it', async () => {
    const file = path.join(dir, 'server.sqlite');
    const db = connect({ sqliteFile: file });
    const autocheckpoint = async () =>
      (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db.kysely))
        .rows[0]!.wal_autocheckpoint;
    // Until the worker has opened the file, the connection checkpoints as SQLite does.
    expect(await until(async () => (await autocheckpoint()) === 0)).toBe(true);
    await sql`CREATE TABLE t (body TEXT)`.execute(db.kysely);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
    const before = fs.statSync(file).size;
    await sql`INSERT INTO t (body) VALUES (${'x'.repeat(4 * 1024 * 1024)})`.execute(db.kysely);
    expect(fs.statSync(file).size).toBeLessThan(before + 1024 * 1024);
    expect(await until(() => fs.statSync(file).size > 4 * 1024 * 1024)).toBe(true);
    await db.close();
    // The server's connection was the last one open: closing it removed the copied log.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
