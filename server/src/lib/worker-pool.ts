import PQueue from 'p-queue';
import { AppError } from './app-error';

export const QUEUE_FULL_MESSAGE = 'The voice service is busy. Please try again in a moment.';

export interface WorkerPool {
  /**
   * Waits for a free slot and returns its release function. Throws resource-exhausted at once
   * when `maxQueue` callers are already waiting, or aborted if `signal` fires while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  stats(): { running: number; queued: number; concurrency: number; maxQueue: number };
}

const cancelled = () => new AppError('aborted', 'Voice synthesis was cancelled');

/**
 * A bounded pool on p-queue: `concurrency` jobs at once (each engine process is single-threaded,
 * so the number of cores), up to `maxQueue` waiting in order, and a clear refusal beyond that.
 * A slot is a p-queue task that lasts until its holder releases it.
 */
export function createWorkerPool(options: { concurrency: number; maxQueue: number }): WorkerPool {
  const concurrency = Math.max(1, options.concurrency);
  const queue = new PQueue({ concurrency });
  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(cancelled());
      if (queue.pending >= concurrency && queue.size >= options.maxQueue)
        return Promise.reject(
          new AppError('resource-exhausted', QUEUE_FULL_MESSAGE, undefined, { 'retry-after': '5' }),
        );
      // The caller's signal may take the slot back while it waits, never once it holds it
      // (p-queue would end a running task on abort and free its slot before the holder did).
      const waiting = new AbortController();
      const stopWaiting = () => waiting.abort();
      signal?.addEventListener('abort', stopWaiting, { once: true });
      return new Promise((resolve, reject) => {
        queue
          .add(
            () => {
              signal?.removeEventListener('abort', stopWaiting);
              return new Promise<void>((release) => {
                let released = false;
                resolve(() => {
                  if (released) return;
                  released = true;
                  release();
                });
              });
            },
            { signal: waiting.signal },
          )
          .catch(() => reject(cancelled()));
      });
    },
    stats: () => ({
      running: queue.pending,
      queued: queue.size,
      concurrency,
      maxQueue: options.maxQueue,
    }),
  };
}
