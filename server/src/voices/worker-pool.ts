import { AppError } from '../lib/app-error';

export const QUEUE_FULL_MESSAGE = 'The voice service is busy. Please try again in a moment.';

export interface WorkerPool {
  /**
   * Waits for a free slot and returns its release function. Throws resource-exhausted at once
   * when `maxQueue` callers are already waiting, or aborted if `signal` fires while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  stats(): { running: number; queued: number; concurrency: number; maxQueue: number };
}

/**
 * A bounded pool: `concurrency` jobs at once (each engine process is single-threaded, so the
 * number of cores), up to `maxQueue` waiting in order, and a clear refusal beyond that.
 */
export function createWorkerPool(options: { concurrency: number; maxQueue: number }): WorkerPool {
  const concurrency = Math.max(1, options.concurrency);
  let running = 0;
  const waiting: {
    resolve: (release: () => void) => void;
    reject: (e: Error) => void;
    signal?: AbortSignal;
    onAbort?: () => void;
  }[] = [];

  const release = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running--;
      const next = waiting.shift();
      if (next) {
        running++;
        if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
        next.resolve(release());
      }
    };
  };

  return {
    acquire(signal) {
      if (signal?.aborted)
        return Promise.reject(new AppError('aborted', 'Voice synthesis was cancelled'));
      if (running < concurrency) {
        running++;
        return Promise.resolve(release());
      }
      if (waiting.length >= options.maxQueue) {
        return Promise.reject(
          new AppError('resource-exhausted', QUEUE_FULL_MESSAGE, undefined, { 'retry-after': '5' }),
        );
      }
      return new Promise((resolve, reject) => {
        const entry: (typeof waiting)[number] = { resolve, reject, signal };
        if (signal) {
          entry.onAbort = () => {
            const i = waiting.indexOf(entry);
            if (i >= 0) waiting.splice(i, 1);
            reject(new AppError('aborted', 'Voice synthesis was cancelled'));
          };
          signal.addEventListener('abort', entry.onAbort, { once: true });
        }
        waiting.push(entry);
      });
    },
    stats: () => ({ running, queued: waiting.length, concurrency, maxQueue: options.maxQueue }),
  };
}
