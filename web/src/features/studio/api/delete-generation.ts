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
    // Spec section 4: after deletion the item is removed from the local list.
    onSuccess: (_r, id) =>
      queryClient.setQueryData<GenerationList>(generationsQueryKey, (old) =>
        old ? { generations: old.generations.filter((g) => g.id !== id) } : old,
      ),
  });
}
