import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as WorkerThreads from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's checkpoints, off the event loop (decision 249).
 *
 * In WAL mode a commit appends pages to the log, and by default the commit that takes the log
 * past 1,000 pages also copies the whole log back into the database file (a checkpoint), on the
 * thread that committed. For a 2 MB script that doubles the write: on this machine a 4 MB row
 * holds the event loop about 11 ms without the checkpoint and 22-33 ms with it, and a slower disk
 * has taken it past 50 ms. So the server's connection never checkpoints (wal_autocheckpoint = 0)
 * and one worker thread per process, with its own connection to each file, runs a PASSIVE
 * checkpoint every CHECKPOINT_EVERY_MS. PASSIVE never waits for readers or writers, so the
 * server's connection never waits on it either. If the worker cannot open a file, fails a
 * checkpoint, or stops, that connection checkpoints on commit again, as SQLite does by default.
 */
export const CHECKPOINT_EVERY_MS = 1000;
/** SQLite's own default, restored when the worker cannot checkpoint for a connection. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** A log that grew in a burst is cut back to this size when it next starts over. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

type ToWorker = { open: number; file: string } | { close: number };
type FromWorker = { opened: number } | { failed: number; message: string } | { closed: number };

/**
 * The worker's whole program. It runs from its own source text (`eval`), so it is
 * self-contained: it reaches modules only through `load`, and better-sqlite3 by the path the
 * server resolved. A worker loaded this way starts in about 50 ms where one compiled from
 * TypeScript on the fly (the tests) takes about 220 ms, and every test database opens one.
 */
function checkpointerProgram(
  load: (id: string) => unknown,
  init: { sqlitePath: string; everyMs: number },
) {
  const { parentPort } = load('node:worker_threads') as typeof WorkerThreads;
  const Database = load(init.sqlitePath) as typeof SQLite;
  const port = parentPort!;
  const open = new Map<number, SQLite.Database>();
  const post = (m: FromWorker) => port.postMessage(m);
  const forget = (id: number) => {
    const db = open.get(id);
    open.delete(id);
    try {
      db?.close();
    } catch {
      // Closing only releases this worker's handle; the server's connection is unaffected.
    }
  };
  setInterval(() => {
    for (const [id, db] of open) {
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch (e) {
        forget(id);
        post({ failed: id, message: e instanceof Error ? e.message : String(e) });
      }
    }
  }, init.everyMs);
  port.on('message', (m: ToWorker) => {
    if ('close' in m) {
      forget(m.close);
      post({ closed: m.close });
      return;
    }
    try {
      const db = new Database(m.file, { fileMustExist: true });
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      open.set(m.open, db);
      post({ opened: m.open });
    } catch (e) {
      post({ failed: m.open, message: e instanceof Error ? e.message : String(e) });
    }
  });
}

export interface WalCheckpointing {
  /** Resolves once the worker checkpoints for this connection (false: the connection does). */
  readonly ready: Promise<boolean>;
  /** Stops checkpointing for this connection; call before closing it. */
  stop(): Promise<void>;
}

interface Registration {
  sqlite: SQLite.Database;
  file: string;
  settle: (inWorker: boolean) => void;
  /** Set by stop(): a late 'opened' is ignored, and a second stop() waits for the same answer. */
  stopped?: Promise<void>;
  onClosed?: () => void;
}

let worker: Worker | null = null;
let nextId = 1;
const registrations = new Map<number, Registration>();

/** The connection checkpoints on its own commits again, as SQLite does by default. */
function fallBack(id: number, why?: string) {
  const r = registrations.get(id);
  if (!r) return;
  if (r.sqlite.open) r.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  r.settle(false);
  if (why) process.emitWarning(`SQLite checkpoints for ${r.file} run on commit again: ${why}`);
}

/**
 * The worker's source: the program above, called with the worker's `require`. A transform that
 * keeps function names (tsx, under `npm run dev` and the benchmarks) wraps inner functions in an
 * `__name` helper the worker does not have; it is defined as one that changes nothing.
 */
const workerSource = `const __name = (fn) => fn;
(${checkpointerProgram.toString()})(require, require('node:worker_threads').workerData);`;

function startWorker(): Worker {
  const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const w = new Worker(workerSource, {
    eval: true,
    // None of the process's flags: a loader (tsx) or --input-type=module would change how the
    // source runs, and it needs neither.
    execArgv: [],
    workerData: { sqlitePath, everyMs: CHECKPOINT_EVERY_MS },
  });
  w.unref();
  w.on('message', (m: FromWorker) => {
    if ('opened' in m) {
      const r = registrations.get(m.opened);
      if (r?.sqlite.open && !r.stopped) {
        r.sqlite.pragma('wal_autocheckpoint = 0');
        r.settle(true);
      }
    } else if ('failed' in m) {
      fallBack(m.failed, m.message);
    } else {
      const r = registrations.get(m.closed);
      registrations.delete(m.closed);
      r?.onClosed?.();
    }
  });
  const lost = (why: string) => {
    if (worker !== w) return;
    worker = null;
    for (const [id, r] of registrations) {
      fallBack(id, why);
      r.onClosed?.();
    }
    registrations.clear();
  };
  w.on('error', (e) => lost(e.message));
  w.on('exit', (code) => lost(`the checkpoint worker stopped (exit code ${code})`));
  return w;
}

/** Moves `sqlite`'s checkpoints (a WAL-mode connection to `file`) to the checkpoint worker. */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): WalCheckpointing {
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const id = nextId++;
  let settle!: (inWorker: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (settle = resolve));
  registrations.set(id, { sqlite, file, settle });
  worker ??= startWorker();
  const w = worker;
  w.postMessage({ open: id, file } satisfies ToWorker);
  return {
    ready,
    stop: () => {
      const r = registrations.get(id);
      if (!r || worker !== w) return Promise.resolve();
      if (r.stopped) return r.stopped;
      fallBack(id);
      // Held while waiting, so a process that is shutting down waits for the worker's answer.
      w.ref();
      r.stopped = new Promise<void>((resolve) => {
        r.onClosed = () => {
          if (![...registrations.values()].some((o) => o.stopped)) w.unref();
          resolve();
        };
        w.postMessage({ close: id } satisfies ToWorker);
      });
      return r.stopped;
    },
  };
}

/** Ends the worker as if it had crashed, for tests of the fallback. */
export async function stopCheckpointWorkerForTest(): Promise<void> {
  await worker?.terminate();
}
