import { useQuery } from '@tanstack/react-query';
import { readingListSchema } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';

export const readingsQueryKey = ['readings'] as const;

/** "Your Voice History": live readings, newest first (50 by default). */
export function listReadings() {
  return apiRequest('GET', '/api/readings', { schema: readingListSchema });
}

export function useReadings() {
  return useQuery({
    queryKey: readingsQueryKey,
    queryFn: listReadings,
    select: (d) => d.generations,
  });
}
