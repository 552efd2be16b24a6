import { useQuery } from '@tanstack/react-query';
import { voiceDirectionsSchema, type DirectionName } from '@doublecast/common/direction';
import { apiRequest } from './api-client';

/**
 * The directions a voice's engine acts on, for a rehearsal line's menu and the Studio's note
 * (they change only with a deploy).
 */
export function useVoiceDirections(voiceId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['voices', voiceId, 'directions'],
    queryFn: async (): Promise<DirectionName[]> =>
      (
        await apiRequest('GET', `/api/voices/${encodeURIComponent(voiceId!)}/directions`, {
          schema: voiceDirectionsSchema,
        })
      ).directions,
    enabled: enabled && voiceId !== null,
    staleTime: Infinity,
  });
}
