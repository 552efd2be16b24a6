import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadingList } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';
import { readingsQueryKey } from './list-readings';

export function deleteReading(id: string) {
  // apiRequest always sends a JSON content type, and Fastify refuses an empty JSON body.
  return apiRequest<void>('DELETE', `/api/readings/${encodeURIComponent(id)}`, {
    body: {},
  });
}

export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReading,
    // After deletion the item leaves the local list (docs/glossary.md#studio-generation).
    onSuccess: (_r, id) =>
      queryClient.setQueryData<ReadingList>(readingsQueryKey, (old) =>
        old ? { generations: old.generations.filter((g) => g.id !== id) } : old,
      ),
  });
}
