import { useQuery } from '@tanstack/react-query';
import { voiceListSchema } from '@doublecast/common/voices';
import { apiRequest } from '../../../lib/api-client';

export const studioVoicesQueryKey = ['studio', 'voices'] as const;

/** The voices the signed-in user may read with (the spec's getUserAvailableVoices). */
export function getStudioVoices() {
  return apiRequest('GET', '/api/voices', { schema: voiceListSchema });
}

export function useStudioVoices() {
  // The voice list is cached for 5 minutes (docs/glossary.md#voice-catalogue).
  return useQuery({ queryKey: studioVoicesQueryKey, queryFn: getStudioVoices, staleTime: 300_000 });
}
