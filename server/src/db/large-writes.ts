import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as WorkerThreads from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';

/**
 * Writes of large rows, off the event loop (decision 384).
 *
 * better-sqlite3 runs a statement on the calling thread: inserting a 2 MB script with its line
 * split (a 4 MB row) and committing it costs the thread 50-70 ms of CPU, over the 50 ms bar.
 * Such a transaction runs instead on a second connection to the same file, in a worker thread,
 * through a Kysely instance whose driver posts each statement there. While it runs, the server's
 * own connection is held, so no statement on the event loop waits (synchronously, in SQLite's
 * busy handler) for the worker's write lock; reads outside a transaction still answer from the
 * last commit, as WAL allows.
 */

type ToWorker = { query: number; sql: string; parameters: readonly unknown[] } | { close: true };
type FromWorker =
  | { query: number; rows: unknown[] | null; changes: number; insertId: number | null }
  | { query: number; error: { message: string; code?: string } }
  | { opened: true }
  | { failed: string };

function writerProgram(load: (id: string) => unknown, init: { sqlitePath: string; file: string }) {
  const { parentPort } = load('node:worker_threads') as typeof WorkerThreads;
  const Sqlite = load(init.sqlitePath) as typeof SQLite;
  const port = parentPort!;
  let db: SQLite.Database;
  try {
    db = new Sqlite(init.file, { fileMustExist: true });
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // The server's checkpoint worker copies the log back; this connection never does it inline.
    db.pragma('wal_autocheckpoint = 0');
  } catch (e) {
    port.postMessage({ failed: e instanceof Error ? e.message : String(e) });
    return;
  }
  port.postMessage({ opened: true });
  port.on('message', (m: ToWorker) => {
    if ('close' in m) {
      db.close();
      port.close();
      return;
    }
    try {
      const statement = db.prepare(m.sql);
      if (statement.reader) {
        port.postMessage({
          query: m.query,
          rows: statement.all(m.parameters),
          changes: 0,
          insertId: null,
        });
      } else {
        const { changes, lastInsertRowid } = statement.run(m.parameters);
        port.postMessage({
          query: m.query,
          rows: null,
          changes,
          insertId: Number(lastInsertRowid),
        });
      }
    } catch (e) {
      const err = e as { message?: string; code?: string };
      port.postMessage({ query: m.query, error: { message: String(err.message), code: err.code } });
    }
  });
}

/** See wal-checkpointer.ts: `__name` is what a name-keeping transform (tsx) expects to exist. */
const workerSource = `const __name = (fn) => fn;
(${writerProgram.toString()})(require, require('node:worker_threads').workerData);`;

class WorkerConnection implements DatabaseConnection {
  #worker: Worker;
  #next = 1;
  #waiting = new Map<
    number,
    { resolve: (r: QueryResult<unknown>) => void; reject: (e: Error) => void }
  >();

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (m: FromWorker) => {
      if (!('query' in m)) return;
      const waiter = this.#waiting.get(m.query);
      this.#waiting.delete(m.query);
      if (!waiter) return;
      if ('error' in m) {
        waiter.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
        return;
      }
      waiter.resolve(
        m.rows
          ? { rows: m.rows }
          : {
              rows: [],
              numAffectedRows: BigInt(m.changes),
              insertId: m.insertId == null ? undefined : BigInt(m.insertId),
            },
      );
    });
  }

  /** Fails every statement still waiting: the worker stopped. */
  lost(why: Error) {
    for (const waiter of this.#waiting.values()) waiter.reject(why);
    this.#waiting.clear();
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const query = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(query, {
        resolve: resolve as (r: QueryResult<unknown>) => void,
        reject,
      });
      this.#worker.postMessage({
        query,
        sql: compiled.sql,
        parameters: compiled.parameters,
      } satisfies ToWorker);
    });
  }

  // eslint-disable-next-line require-yield -- large writes never stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('large writes do not stream');
  }
}

/** One connection, handed to one caller at a time. */
class WorkerDriver implements Driver {
  #connection: WorkerConnection;
  #held: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(connection: WorkerConnection) {
    this.#connection = connection;
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const before = this.#held;
    let release!: () => void;
    this.#held = new Promise((resolve) => (release = resolve));
    await before;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async releaseConnection() {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
  async destroy() {}
}

export interface LargeWriter {
  /**
   * The Kysely instance whose statements run on the worker's connection, or null when the
   * worker could not open the file (the caller then writes on its own connection).
   */
  kysely(): Promise<Kysely<Database> | null>;
  close(): Promise<void>;
}

/** A worker writing to `file`, started on first use. */
export function largeWriter(file: string): LargeWriter {
  let started: Promise<{ worker: Worker; kysely: Kysely<Database> } | null> | null = null;
  const start = () =>
    new Promise<{ worker: Worker; kysely: Kysely<Database> } | null>((resolve) => {
      const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(workerSource, {
        eval: true,
        execArgv: [],
        workerData: { sqlitePath, file },
      });
      worker.unref();
      const connection = new WorkerConnection(worker);
      const kysely = new Kysely<Database>({
        dialect: {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => new WorkerDriver(connection),
          createQueryCompiler: () => new SqliteQueryCompiler(),
          createIntrospector: (db) => new SqliteIntrospector(db),
        },
      });
      const lost = (why: string) => {
        connection.lost(new Error(`The large-write worker stopped: ${why}`));
        started = null;
        resolve(null);
      };
      worker.on('error', (e) => lost(e.message));
      worker.on('exit', (code) => lost(`exit code ${code}`));
      worker.once('message', (m: FromWorker) => {
        if ('opened' in m) resolve({ worker, kysely });
        else if ('failed' in m) {
          process.emitWarning(`Large writes to ${file} run on the event loop: ${m.failed}`);
          resolve(null);
        }
      });
    });
  return {
    async kysely() {
      started ??= start();
      return (await started)?.kysely ?? null;
    },
    async close() {
      const s = await started;
      started = null;
      if (!s) return;
      const exited = new Promise((resolve) => s.worker.once('exit', resolve));
      s.worker.postMessage({ close: true } satisfies ToWorker);
      await exited;
    },
  };
}
