import { useMutation, useQueryClient } from '@tanstack/react-query';
import { characterRenameInputSchema, scriptSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

/** Renames a character on the server; a name another character has merges the two. */
export function renameCharacter({ id, from, to }: { id: string; from: string; to: string }) {
  return apiRequest('POST', `/api/scripts/${encodeURIComponent(id)}/rename-character`, {
    body: characterRenameInputSchema.parse({ from, to }),
    schema: scriptSchema,
  });
}

export function useRenameCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCharacter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
