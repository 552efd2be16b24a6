import { transaction, type Db } from '../../db/connection';
import { touchSession } from './auth.repository';

type Log = { warn(obj: unknown, msg: string): void };

/**
 * Touches written per transaction. Each transaction runs with the event loop held (SQLite is
 * synchronous here), so a batch of thousands (every active session after a restart, or a crowd
 * signing in together) is written in chunks, with other requests served in between: 500 take
 * a few milliseconds and one commit.
 */
export const TOUCH_WRITE_CHUNK = 500;

/**
 * Sessions' last-seen times, written together (decision 248): each write on its own is a
 * commit, and on SQLite a commit waits for the disk (synchronous = FULL, glossary R3) with the
 * event loop blocked, about 5 ms apiece; with thousands of active sessions each touched once a
 * minute that was most of a core. Touches wait here up to `delayMs` and are written in one
 * transaction per TOUCH_WRITE_CHUNK; a lookup meanwhile reads the waiting time (`pending`), never
 * the older stored one.
 */
export function createSessionTouches(options: { db: Db; delayMs: number; log?: Log }) {
  const waiting = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const write = async (): Promise<void> => {
    timer = null;
    const batch = [...waiting];
    try {
      for (let start = 0; start < batch.length; start += TOUCH_WRITE_CHUNK) {
        // Other requests run between chunks: the event loop is never held for the whole batch.
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const chunk = batch.slice(start, start + TOUCH_WRITE_CHUNK);
        await transaction(options.db, async (trx) => {
          for (const [id, at] of chunk) await touchSession(trx, id, at);
        });
        // Kept when touched again meanwhile: that later time is still to be written.
        for (const [id, at] of chunk) if (waiting.get(id) === at) waiting.delete(id);
      }
    } catch (err) {
      options.log?.warn({ err }, "could not write sessions' last-seen times");
      if (!closed) timer ??= setTimeout(flushSoon, options.delayMs).unref();
    }
  };
  const flushSoon = () => {
    writing = writing.then(write);
  };

  return {
    /** The last-seen time of the session still waiting to be written, if any. */
    pending(sessionId: string): string | undefined {
      return waiting.get(sessionId);
    },
    touch(sessionId: string, at: string): void {
      waiting.set(sessionId, at);
      if (!closed) timer ??= setTimeout(flushSoon, options.delayMs).unref();
    },
    forget(sessionId: string): void {
      waiting.delete(sessionId);
    },
    /** Writes whatever is waiting; later touches are written only by another flush. */
    async flush(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      flushSoon();
      await writing;
    },
  };
}
