import { describe, expect, it } from 'vitest';
import { createWorkerPool, QUEUE_FULL_MESSAGE } from './worker-pool';

const settled = async <T>(p: Promise<T>) => {
  let state = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('worker pool (p-queue)', () => {
  it('holds `concurrency` slots, hands them on in order, and refuses beyond the queue', async () => {
    const pool = createWorkerPool({ concurrency: 2, maxQueue: 2 });
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    const c = pool.acquire();
    const d = pool.acquire();
    await expect(pool.acquire()).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: QUEUE_FULL_MESSAGE,
    });
    expect(pool.stats()).toMatchObject({ running: 2, queued: 2 });
    expect(await settled(c)).toBe('pending');
    a!();
    a!(); // a second release frees nothing more
    expect(await settled(c)).toBe('resolved');
    expect(await settled(d)).toBe('pending');
    b!();
    expect(await settled(d)).toBe('resolved');
    (await c)();
    (await d)();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('lets a caller stop waiting, and never takes back a slot once held', async () => {
    const pool = createWorkerPool({ concurrency: 1, maxQueue: 5 });
    const held = new AbortController();
    const first = await pool.acquire(held.signal);
    const gaveUp = new AbortController();
    const waiting = pool.acquire(gaveUp.signal);
    const next = pool.acquire();
    gaveUp.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
    expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
    held.abort(); // the holder's own signal does not free its slot
    expect(await settled(next)).toBe('pending');
    first();
    expect(await settled(next)).toBe('resolved');
    await expect(pool.acquire(AbortSignal.abort())).rejects.toMatchObject({ code: 'aborted' });
  });
});
