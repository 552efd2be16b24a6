import { describe, expect, it } from 'vitest';
import { createImportQueue, IMPORT_BUSY_MESSAGE, IMPORT_RUNNING_MESSAGE } from './import-queue';

/** An extraction that runs until `finish()`. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { extract: () => done.then(() => 'text'), finish };
}

describe('the import queue', () => {
  it('runs one extraction per user, a bounded number per process, and refuses beyond', async () => {
    const queue = createImportQueue({ concurrency: 1, maxQueue: 1 });
    const a = held();
    const b = held();
    const first = queue.run('ana', a.extract);
    // The same user again while the first is running: refused.
    await expect(queue.run('ana', b.extract)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: IMPORT_RUNNING_MESSAGE,
    });
    const second = queue.run('ben', b.extract);
    expect(queue.stats()).toEqual({ running: 1, queued: 1 });
    // The process is full: another user is refused at once.
    await expect(queue.run('cai', async () => 'x')).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: IMPORT_BUSY_MESSAGE,
    });
    a.finish();
    expect(await first).toBe('text');
    b.finish();
    expect(await second).toBe('text');
    expect(queue.stats()).toEqual({ running: 0, queued: 0 });
    // Free again, failures included.
    await expect(
      queue.run('ana', async () => {
        throw new Error('unreadable');
      }),
    ).rejects.toThrow('unreadable');
    expect(await queue.run('ana', async () => 'again')).toBe('again');
  });
});
