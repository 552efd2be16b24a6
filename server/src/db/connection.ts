import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema';
import { largeWriter, type LargeWriter } from './large-writes';
import { checkpointInBackground } from './wal-checkpointer';

export type Dialect = 'sqlite' | 'postgres';

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its migrator
 * would run each migration outside one: a migration failing half-way would leave half its
 * tables. Saying so makes every migration all or nothing, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
class AppSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's connection URL, for connections outside the pool (LISTEN, decision 241). */
  url?: string;
  /**
   * Prepares a read, run outside any transaction, whose rows come back as their values in the
   * select list's order (decision 248): no object per row on the way out of the driver. For the
   * few reads on a hot path (compiledValues); everything else goes through Kysely.
   */
  prepareValues(sqlText: string): (parameters: readonly unknown[]) => Promise<unknown[][]>;
  /** SQLite in a file: the worker that writes large rows (decision 384). */
  largeWriter?: LargeWriter;
  close(): Promise<void>;
}

export type Executor = Kysely<Database> | Transaction<Database>;

export interface ConnectOptions {
  databaseUrl?: string;
  sqliteFile?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Told when an idle PostgreSQL connection is lost (the pool replaces it). */
  onIdleError?: (err: Error) => void;
}

// PostgreSQL returns int8 (COUNT, SUM) as strings; every count here fits in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function connect(options: ConnectOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
    });
    // An idle pooled connection that the server ends (restart, failover, admin command) emits
    // 'error' on the pool; without a listener that would crash the process. The pool drops the
    // broken client and the next query gets a fresh one.
    pool.on('error', (err) => options.onIdleError?.(err));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      url: options.databaseUrl,
      prepareValues: (text) => async (parameters) => {
        const result = await pool.query<unknown[]>({
          text,
          values: [...parameters],
          rowMode: 'array',
        });
        return result.rows;
      },
      close: () => kysely.destroy(),
    };
  }
  const file = options.sqliteFile ?? 'data/doublecast.sqlite';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // docs/glossary.md#R3: durable writes, readers never block the writer, and waiting (not failing) on locks.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoints run in a worker thread, not in the commit that fills the log (decision 249).
  const checkpointing = file === ':memory:' ? null : checkpointInBackground(sqlite, file);
  const writer = file === ':memory:' ? undefined : largeWriter(file);
  const kysely = new Kysely<Database>({
    dialect: new AppSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    largeWriter: writer,
    prepareValues: (text) => {
      // Only ever run to completion by all(), so never busy: kept by its caller, not cached.
      const statement = sqlite.prepare(text).raw(true);
      return async (parameters) => {
        // Another request's transaction (transaction() below) holds the one connection: wait
        // for it through Kysely, as every other query does, instead of reading its uncommitted
        // rows. A row's values keep the select list's order.
        if (sqlite.inTransaction) {
          const { rows } = await kysely.executeQuery(CompiledQuery.raw(text, [...parameters]));
          return rows.map((row) => Object.values(row as object));
        }
        return statement.all(...parameters) as unknown[][];
      };
    },
    close: async () => {
      await writer?.close();
      await checkpointing?.stop();
      await kysely.destroy();
    },
  };
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_MAX = 1000;

/**
 * Kysely's SQLite driver prepares every query's text anew; preparing costs as much as running a
 * short indexed query. Statements are kept by their SQL text and reused (better-sqlite3 binds
 * new parameters each run); one still being iterated (a streamed query) is never handed out
 * twice, a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_MAX });
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached) statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * Runs `fn` in a transaction. On SQLite the transaction starts with BEGIN IMMEDIATE so that
 * two writers never both read and then fail to upgrade their lock (docs/glossary.md#R3); Kysely's SQLite driver
 * holds its single connection for the whole callback, so the statements run in order.
 */
export async function transaction<T>(db: Db, fn: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute(fn);
  return db.kysely.connection().execute((conn) => immediate(conn, fn));
}

async function immediate<T>(conn: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  await sql`BEGIN IMMEDIATE`.execute(conn);
  try {
    const result = await fn(conn);
    await sql`COMMIT`.execute(conn);
    return result;
  } catch (e) {
    await sql`ROLLBACK`.execute(conn);
    throw e;
  }
}

/**
 * A transaction that writes a large row (a script of tens of thousands of characters). On
 * SQLite it runs on the large-write worker's connection while the server's own connection is
 * held (decision 384); `fn` must use only the executor it is given. Elsewhere, as transaction().
 */
export async function largeTransaction<T>(db: Db, fn: (trx: Executor) => Promise<T>): Promise<T> {
  if (!db.largeWriter) return transaction(db, fn);
  const writer = db.largeWriter;
  return db.kysely.connection().execute(async (conn) => {
    const off = await writer.kysely();
    if (!off) return immediate(conn, fn);
    return off.connection().execute((workerConn) => immediate(workerConn, fn));
  });
}
