import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker';
import { AppError } from '../../lib/app-error';
import { INLINE_JSON_LIMIT } from '../../http/json-chunks';
import { readScriptJob, type ReadJob, type ReadOutcome } from './script-reading';

export const SCRIPT_READER_BUSY_MESSAGE =
  'Too many scripts are being read right now. Please try again in a moment.';
export const SCRIPT_READ_TIMEOUT_MESSAGE =
  'This script took too long to read. Please split it into smaller scripts.';

export interface ScriptReader {
  read(job: ReadJob): Promise<ReadOutcome>;
  close(): Promise<void>;
}

/**
 * Reads scripts off the event loop (decision 127): one worker thread, started on first use and
 * kept; jobs wait in order, at most `maxQueue` of them (then resource-exhausted); a job that
 * runs past `timeoutMs` ends the worker (the next job starts a fresh one) and is refused.
 */
export function createScriptReader(
  options: { timeoutMs?: number; maxQueue?: number; inlineLimit?: number } = {},
): ScriptReader {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxQueue = options.maxQueue ?? 16;
  const inlineLimit = options.inlineLimit ?? INLINE_JSON_LIMIT;
  let worker: Worker | null = null;
  let nextId = 1;
  let busy = false;
  const waiting: (() => void)[] = [];

  const startWorker = (): Worker => startModuleWorker(import.meta.url, 'script-reading.worker');

  const runInWorker = (job: ReadJob): Promise<ReadOutcome> =>
    new Promise((resolve, reject) => {
      worker ??= startWorker();
      const w = worker;
      const id = nextId++;
      const done = () => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      const onMessage = (m: { id: number; outcome?: ReadOutcome; failure?: string }) => {
        if (m.id !== id) return;
        done();
        if (m.outcome) resolve(m.outcome);
        else reject(new Error(`script reading failed: ${m.failure}`));
      };
      const onError = (e: Error) => {
        done();
        if (worker === w) worker = null;
        reject(e);
      };
      const onExit = () => onError(new Error('script reader stopped'));
      const timer = setTimeout(() => {
        done();
        if (worker === w) worker = null;
        void w.terminate();
        reject(new AppError('invalid-argument', SCRIPT_READ_TIMEOUT_MESSAGE));
      }, timeoutMs);
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage({ id, job }, movable(job));
    });

  const acquire = async () => {
    if (!busy) {
      busy = true;
      return;
    }
    if (waiting.length >= maxQueue)
      throw new AppError('resource-exhausted', SCRIPT_READER_BUSY_MESSAGE, undefined, {
        'retry-after': '2',
      });
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  return {
    async read(job) {
      if (sizeOf(job) <= inlineLimit) return readScriptJob(job);
      await acquire();
      try {
        return await runInWorker(job);
      } finally {
        release();
      }
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/**
 * A request body's bytes (which only the reading uses), moved to the worker instead of copied
 * when they fill their buffer.
 */
function movable(job: ReadJob): ArrayBuffer[] {
  const bytes = job.kind === 'input' ? job.body : undefined;
  if (!(bytes instanceof Uint8Array) || !(bytes.buffer instanceof ArrayBuffer)) return [];
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer]
    : [];
}

function sizeOf(job: ReadJob): number {
  if (job.kind === 'file') return job.bytes.length;
  if (job.kind === 'input' && job.body instanceof Uint8Array) return job.body.byteLength;
  if (job.kind === 'rename' || job.kind === 'reassign' || job.kind === 'lines')
    return job.content.length + job.analysis.length;
  // An already parsed body is small: the routes parse only small bodies themselves.
  return typeof job.body === 'string' ? job.body.length : 0;
}

/** The server's reader, shared by every request. */
export const scriptReader = createScriptReader();
