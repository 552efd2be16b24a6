import {
  createInProcessMetricEvents,
  type MetricEvent,
  type MetricEventBus,
} from '../../shared/metric-events';
import type { Notifications } from './pg-notifications';

const CHANNEL = 'metric_events';

/**
 * The monitor's metric events across server processes (decision 221's port, decision 241):
 * publish is a NOTIFY with the event's id and time; each process LISTENs once and hands what
 * arrives, its own events included, to its in-process subscribers.
 */
export function createPgMetricEvents(
  notifications: Notifications,
  log: { warn(obj: unknown, msg: string): void },
): MetricEventBus {
  const local = createInProcessMetricEvents(log);
  const stop = notifications.listen(CHANNEL, (payload) => {
    let event: MetricEvent;
    try {
      const parsed = JSON.parse(payload) as MetricEvent;
      event = { id: String(parsed.id), createdAt: String(parsed.createdAt) };
    } catch (err) {
      log.warn({ err }, 'an unreadable metric event was ignored');
      return;
    }
    void local.publish(event);
  });
  return {
    publish: (event) =>
      notifications.notify(CHANNEL, JSON.stringify({ id: event.id, createdAt: event.createdAt })),
    subscribe: (listener) => local.subscribe(listener),
    subscriberCount: () => local.subscriberCount(),
    async close() {
      stop();
      await local.close();
    },
  };
}
