import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerationList } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';
import { generationsQueryKey } from './list-generations';

export function deleteGeneration(id: string) {
  // apiRequest always sends a JSON content type, and Fastify refuses an empty JSON body.
  return apiRequest<void>('DELETE', `/api/studio/generations/${encodeURIComponent(id)}`, {
    body: {},
  });
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    // After deletion the item leaves the local list (docs/glossary.md#studio-generation).
    onSuccess: (_r, id) =>
      queryClient.setQueryData<GenerationList>(generationsQueryKey, (old) =>
        old ? { generations: old.generations.filter((g) => g.id !== id) } : old,
      ),
  });
}
