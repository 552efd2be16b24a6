import type { Notifications } from '../../adapters/shared-state/pg-notifications';

type Log = { warn(obj: unknown, msg: string): void };

/**
 * What changed (decision 233): one session (signed out, or ended by its expiry rules), or a
 * user and so every session of theirs (sign-out everywhere, password change or reset, role
 * change, an admin's override or revoke, re-authentication). `all` is never published: a
 * process tells its own listeners that it may have missed events from other processes.
 */
export type SessionEvent =
  { kind: 'session'; tokenHash: string } | { kind: 'user'; userId: string } | { kind: 'all' };

export interface SessionEvents {
  /**
   * Tells every server process, this one before it returns, that sessions changed. Called after
   * the change is committed, so a process that hears it and reads again sees the change.
   */
  publish(event: Exclude<SessionEvent, { kind: 'all' }>): Promise<void>;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /**
   * Whether every other process's events reach this one now. While not (the LISTEN connection is
   * down or not yet open), nothing may be cached on the strength of them.
   */
  delivering(): boolean;
}

function fanOut(log: Log) {
  const listeners = new Set<(event: SessionEvent) => void>();
  return {
    deliver(event: SessionEvent): void {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          log.warn({ err }, 'a session event listener failed');
        }
      }
    },
    subscribe(listener: (event: SessionEvent) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** One process (SQLite): listeners are called directly, so nothing is ever missed. */
export function createInProcessSessionEvents(log: Log): SessionEvents {
  const bus = fanOut(log);
  return {
    async publish(event) {
      bus.deliver(event);
    },
    subscribe: bus.subscribe,
    delivering: () => true,
  };
}

export const SESSION_CHANNEL = 'dc_sessions';

function parseEvent(payload: string): SessionEvent | null {
  try {
    const e = JSON.parse(payload) as Record<string, unknown>;
    if (e.kind === 'session' && typeof e.tokenHash === 'string')
      return { kind: 'session', tokenHash: e.tokenHash };
    if (e.kind === 'user' && typeof e.userId === 'string')
      return { kind: 'user', userId: e.userId };
  } catch {
    // Not ours: ignored below.
  }
  return null;
}

/**
 * Several processes on PostgreSQL (decision 241): an event is delivered here at once and sent to
 * the others with NOTIFY on `dc_sessions` (this process hears its own again, which is harmless).
 * When the LISTEN connection is lost, listeners are told `all`: events may have been missed.
 */
export function createPgSessionEvents(notifications: Notifications, log: Log): SessionEvents {
  const bus = fanOut(log);
  notifications.listen(SESSION_CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (event) bus.deliver(event);
    else log.warn({ payload }, 'an unreadable session event was ignored');
  });
  notifications.onConnectionChange((listening) => {
    // Dropped on loss, and again on return in case anything was cached in between.
    bus.deliver({ kind: 'all' });
    if (!listening) log.warn({}, 'session events may have been missed; the session cache is off');
  });
  return {
    async publish(event) {
      bus.deliver(event);
      try {
        await notifications.notify(SESSION_CHANNEL, JSON.stringify(event));
      } catch (err) {
        // The change is committed; other processes' copies end by their expiry (5 s).
        log.warn({ err, event }, 'could not tell other server processes about a session change');
      }
    },
    subscribe: bus.subscribe,
    delivering: () => notifications.listening(SESSION_CHANNEL),
  };
}
