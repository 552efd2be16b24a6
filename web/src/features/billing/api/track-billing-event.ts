import { clientEventSchema } from '@doublecast/common/analytics';
import { apiRequest } from '../../../lib/api-client';

/** Records a first-party checkout or purchase event; never throws (analytics must not break payment). */
export function trackBillingEvent(
  name: string,
  properties: Record<string, string | number> = {},
): void {
  const event = clientEventSchema.safeParse({ name, properties });
  if (!event.success) return;
  apiRequest('POST', '/api/events', { body: event.data }).catch(() => undefined);
}
