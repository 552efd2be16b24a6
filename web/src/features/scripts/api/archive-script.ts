import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scriptArchiveInputSchema, scriptSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

export function archiveScript({ id, isArchived }: { id: string; isArchived: boolean }) {
  return apiRequest('PATCH', `/api/scripts/${encodeURIComponent(id)}/archive`, {
    body: scriptArchiveInputSchema.parse({ isArchived }),
    schema: scriptSchema,
  });
}

export function useArchiveScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
