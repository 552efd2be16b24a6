import { apiRequest } from '../../../lib/api-client';

/** Records a first-party analytics event; never throws (analytics must not break the page). */
export function trackEvent(name: string, properties: Record<string, unknown> = {}): void {
  apiRequest('POST', '/api/events', { body: { name, properties } }).catch(() => undefined);
}
