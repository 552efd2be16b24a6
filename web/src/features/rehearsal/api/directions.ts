import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pronunciationListSchema, pronunciationSchema } from '@doublecast/common/direction';
import { apiRequest, withQuery } from '../../../lib/api-client';

export const pronunciationsKey = (scriptId: string) => ['pronunciations', scriptId] as const;

/** The user's own pronunciations and this script's. */
export function usePronunciations(scriptId: string, enabled = true) {
  return useQuery({
    queryKey: pronunciationsKey(scriptId),
    queryFn: async () =>
      (
        await apiRequest(
          'GET',
          withQuery('/api/pronunciations', new URLSearchParams({ scriptId })),
          { schema: pronunciationListSchema },
        )
      ).pronunciations,
    enabled,
  });
}

/** Adds a word to this script's list (or gives it a new respelling), or removes an entry. */
export function useChangePronunciations(scriptId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const settle = async () => {
    onChanged();
    await queryClient.invalidateQueries({ queryKey: pronunciationsKey(scriptId) });
  };
  const add = useMutation({
    mutationFn: (input: { word: string; respelling: string }) =>
      apiRequest('POST', '/api/pronunciations', {
        body: { ...input, scriptId },
        schema: pronunciationSchema,
      }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/pronunciations/${encodeURIComponent(id)}`),
    onSuccess: settle,
  });
  return { add, remove };
}
