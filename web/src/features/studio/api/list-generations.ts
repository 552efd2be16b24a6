import { useQuery } from '@tanstack/react-query';
import { generationListSchema } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';

export const generationsQueryKey = ['studio', 'generations'] as const;

/** "Your Voice History": live readings, newest first (50 by default). */
export function listGenerations() {
  return apiRequest('GET', '/api/studio/generations', { schema: generationListSchema });
}

export function useGenerations() {
  return useQuery({
    queryKey: generationsQueryKey,
    queryFn: listGenerations,
    select: (d) => d.generations,
  });
}
