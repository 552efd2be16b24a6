import { useQuery } from '@tanstack/react-query';
import { voiceListSchema } from '@doublecast/common/voices';
import { apiRequest } from '../../../lib/api-client';

export function getAvailableVoices() {
  return apiRequest('GET', '/api/voices', { schema: voiceListSchema });
}

/** The voices this user may use (their permissions applied by the server). */
export function useAvailableVoices() {
  return useQuery({
    queryKey: ['voices', 'available'],
    queryFn: getAvailableVoices,
    staleTime: 5 * 60_000,
  });
}
