import { queryOptions, useQuery } from '@tanstack/react-query';
import { voiceListSchema } from '@doublecast/common/voices';
import { apiRequest } from './api-client';

/**
 * The one query of GET /api/voices: the voices the signed-in user may read with (their
 * permissions applied by the server). The Studio and Practice both use it, so it lives here
 * rather than in either feature; one key means one cache entry for both.
 */
export const availableVoicesQueryKey = ['voices', 'available'] as const;

export function listAvailableVoices() {
  return apiRequest('GET', '/api/voices', { schema: voiceListSchema });
}

// The voice list is cached for 5 minutes (docs/glossary.md#voice-catalogue).
export const availableVoicesQuery = queryOptions({
  queryKey: availableVoicesQueryKey,
  queryFn: listAvailableVoices,
  staleTime: 300_000,
});

export function useAvailableVoices() {
  return useQuery(availableVoicesQuery);
}
