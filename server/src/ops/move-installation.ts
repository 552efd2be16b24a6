import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import type { StoragePort } from '../adapters/storage/storage.types';

const BATCH = 500;

export interface MoveReport {
  /** Rows copied per table (equal to the source's: checked after the copy). */
  tables: Record<string, number>;
  /** Audio files copied, and those already in the target with the same size (a re-run). */
  files: { copied: number; alreadyThere: number; bytes: number };
}

/** A consistent copy of a live SQLite database, made with SQLite's online backup API. */
export async function backupSqlite(from: string, to: string): Promise<void> {
  if (!fs.existsSync(from)) throw new Error(`No SQLite database at ${from}`);
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
  const copy = new SQLite(to, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The backup at ${to} fails its integrity check: ${check}`);
  } finally {
    copy.close();
  }
}

/**
 * Moves an SQLite installation to PostgreSQL, and optionally its audio to another store
 * (docs/deploy.md "Moving to PostgreSQL and S3"). The SQLite file is read through a backup
 * snapshot, so the old server may still be running while it is copied (writes made after the
 * snapshot are not moved: stop it first for the final run). The target database is migrated, must
 * have no users yet, and receives every table in one transaction (its migration seed rows are
 * replaced by the source's); row counts are compared afterwards. Audio files are streamed one by
 * one; a file already in the target with the same size is skipped, so a run can be repeated.
 */
export async function moveInstallation(options: {
  sqliteFile: string;
  target: Db;
  audio?: { from: StoragePort; to: StoragePort };
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const log = options.log ?? (() => undefined);
  const { target } = options;
  if (target.dialect !== 'postgres') throw new Error('The target must be a PostgreSQL database');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-move-'));
  const snapshotFile = path.join(dir, 'snapshot.sqlite');
  try {
    log(`Snapshot of ${options.sqliteFile} (online backup)`);
    await backupSqlite(options.sqliteFile, snapshotFile);
    const source = new SQLite(snapshotFile, { readonly: true });
    try {
      await migrateToLatest(target);
      const tables = await copyTables(source, target, log);
      const files = options.audio
        ? await copyAudio(options.audio.from, options.audio.to, log)
        : null;
      return { tables, files: files ?? { copied: 0, alreadyThere: 0, bytes: 0 } };
    } finally {
      source.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The source's tables, parents before children (by their foreign keys). */
function tablesInOrder(source: SQLite.Database): string[] {
  const names = (
    source
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_migration%' ORDER BY name`,
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  const parents = new Map(
    names.map((name) => [
      name,
      (source.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as { table: string }[])
        .map((fk) => fk.table)
        .filter((t) => t !== name),
    ]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && parents.get(n)!.every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('The tables reference each other in a cycle');
    for (const n of ready) {
      ordered.push(n);
      placed.add(n);
    }
  }
  return ordered;
}

async function copyTables(
  source: SQLite.Database,
  target: Db,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const tables = tablesInOrder(source);
  const users = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM users`.execute(
    target.kysely,
  );
  if (users.rows[0]!.n > 0) {
    throw new Error('The target database already has users: move into an empty database');
  }
  const counts: Record<string, number> = {};
  await target.kysely.transaction().execute(async (trx) => {
    const targetTables = new Set(
      (
        await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema()`.execute(trx)
      ).rows.map((r) => r.table_name),
    );
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new Error(`The target has no table ${missing.join(', ')}`);
    await sql.raw(`TRUNCATE ${tables.map(quote).join(', ')} RESTART IDENTITY CASCADE`).execute(trx);
    for (const table of tables) {
      // Triggers that keep counters (users.reading_count, ...) would count the copied rows twice.
      await sql.raw(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`).execute(trx);
      // Generated columns (users.override_until, ...) are the target's to compute: not copied.
      const columns = (
        source.prepare(`PRAGMA table_xinfo(${quote(table)})`).all() as {
          name: string;
          hidden: number;
        }[]
      )
        .filter((c) => c.hidden !== 2 && c.hidden !== 3)
        .map((c) => quote(c.name))
        .join(', ');
      // One pass over the snapshot (nothing else uses its connection meanwhile), in batches;
      // tables made WITHOUT ROWID are read the same way.
      const rows = source
        .prepare(`SELECT ${columns} FROM ${quote(table)}`)
        .iterate() as IterableIterator<Record<string, unknown>>;
      let copied = 0;
      for (;;) {
        const values: Record<string, unknown>[] = [];
        for (let next = rows.next(); !next.done; next = rows.next()) {
          values.push(next.value);
          if (values.length === BATCH) break;
        }
        if (values.length === 0) break;
        // Tables are named at run time, so the copy sees them as rows of unknown values.
        const untyped = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
        await untyped.insertInto(table).values(values).execute();
        copied += values.length;
        // Give the event loop a turn between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await sql.raw(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`).execute(trx);
      // Counting columns (bigserial) continue after the copied ids.
      const serials = await sql<{ column_name: string }>`SELECT column_name
        FROM information_schema.columns WHERE table_schema = current_schema()
        AND table_name = ${table} AND column_default LIKE 'nextval(%'`.execute(trx);
      for (const { column_name: column } of serials.rows) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}),
          COALESCE((SELECT MAX(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
      counts[table] = copied;
      log(`${table}: ${copied} rows`);
    }
  });
  for (const table of tables) {
    const { n } = source.prepare(`SELECT COUNT(*) AS n FROM ${quote(table)}`).get() as {
      n: number;
    };
    const moved = await sql<{
      n: number;
    }>`SELECT COUNT(*)::int AS n FROM ${sql.table(table)}`.execute(target.kysely);
    if (moved.rows[0]!.n !== n) {
      throw new Error(`${table}: ${n} rows in SQLite but ${moved.rows[0]!.n} in PostgreSQL`);
    }
  }
  return counts;
}

async function copyAudio(
  from: StoragePort,
  to: StoragePort,
  log: (line: string) => void,
): Promise<MoveReport['files']> {
  const files = { copied: 0, alreadyThere: 0, bytes: 0 };
  log(`Audio: ${from.location} -> ${to.location}`);
  for await (const object of from.list('')) {
    if (object.key.endsWith('.part')) continue;
    const there = await to.stat(object.key);
    if (there?.size === object.size) {
      files.alreadyThere++;
      continue;
    }
    const read = await from.read(object.key);
    if (!read) continue;
    const writer = await to.openWriter(object.key);
    try {
      for await (const chunk of read.stream) await writer.write(chunk as Buffer);
      const { bytes } = await writer.end();
      files.bytes += bytes;
    } catch (e) {
      await writer.abort();
      throw e;
    }
    files.copied++;
    if (files.copied % 100 === 0) log(`Audio: ${files.copied} files copied`);
  }
  log(`Audio: ${files.copied} files copied, ${files.alreadyThere} already there`);
  return files;
}
