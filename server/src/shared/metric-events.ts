import { EventEmitter } from 'node:events';

/**
 * "A provider metric row was written": what the monitor's real-time stream pushes on. Kept to
 * the row's id and time, so any transport can carry it (a PostgreSQL NOTIFY payload is at most
 * 8,000 bytes); subscribers read the row itself when they need it.
 */
export interface MetricEvent {
  id: string;
  /** The row's created_at (ISO-8601 UTC). */
  createdAt: string;
}

/**
 * Publish/subscribe of new metric rows (docs/decisions/221-metric-events-port.md). The embedded
 * default is in-process; a deployment with several servers backs it with a shared channel (e.g.
 * PostgreSQL LISTEN/NOTIFY) so an admin on one server sees readings made on another.
 */
export interface MetricEventBus {
  /**
   * Tells every subscriber (on every server) about a row that has been committed. Never throws
   * for a subscriber's fault; a transport failure rejects, and the writer only logs it.
   */
  publish(event: MetricEvent): Promise<void>;
  /** Calls `listener` for each event from now on; the returned function unsubscribes. */
  subscribe(listener: (event: MetricEvent) => void): () => void;
  /** Subscribers now (tests, diagnostics). */
  subscriberCount(): number;
  /** Releases the transport (the app's onClose). */
  close(): Promise<void>;
}

/**
 * Subscribers one process may hold: each open monitor stream is one, and streams are bounded per
 * admin, so reaching this means a leak; EventEmitter then warns.
 */
const MAX_SUBSCRIBERS = 1000;

/** The in-process bus over node's EventEmitter: one server, no network. */
export function createInProcessMetricEvents(log?: {
  warn(obj: unknown, msg: string): void;
}): MetricEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(MAX_SUBSCRIBERS);
  return {
    async publish(event) {
      // A subscriber that throws must not stop the others, nor the writer.
      for (const listener of emitter.listeners('metric') as ((e: MetricEvent) => void)[]) {
        try {
          listener(event);
        } catch (err) {
          log?.warn({ err }, 'a metric event subscriber failed');
        }
      }
    },
    subscribe(listener) {
      emitter.on('metric', listener);
      return () => {
        emitter.off('metric', listener);
      };
    },
    subscriberCount: () => emitter.listenerCount('metric'),
    async close() {
      emitter.removeAllListeners();
    },
  };
}
