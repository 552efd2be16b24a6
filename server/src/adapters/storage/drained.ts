import type { Writable } from 'node:stream';

/** Resolves when `stream` wants more, is gone, or `settled` (the upload ended either way). */
export function drained(stream: Writable, settled: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
    settled.then(done, done);
  });
}
