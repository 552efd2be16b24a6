import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Db } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { randomToken } from '../lib/ids';

export interface TestDb extends Db {
  /** Connection options for another process or pool to reach the same database. */
  connection: { databaseUrl?: string; sqliteFile?: string };
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (scripts/with-postgres.sh).
 * `sqlite` asks for SQLite in either pass; `postgresUrl` names another PostgreSQL server.
 */
export async function createTestDb(
  options: { sqlite?: boolean; postgresUrl?: string } = {},
): Promise<TestDb> {
  const adminUrl = options.sqlite
    ? undefined
    : (options.postgresUrl ?? process.env.TEST_DATABASE_URL);
  if (adminUrl) {
    const name = `t_${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = connect({ databaseUrl: url.toString() });
    await migrateToLatest(db);
    return {
      ...db,
      connection: { databaseUrl: url.toString() },
      async destroy() {
        await db.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-test-'));
  const file = path.join(dir, 'test.sqlite');
  const db = connect({ sqliteFile: file });
  await migrateToLatest(db);
  return {
    ...db,
    connection: { sqliteFile: file },
    async destroy() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
