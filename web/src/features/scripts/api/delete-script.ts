import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

export function deleteScript(id: string) {
  return apiRequest<void>('DELETE', `/api/scripts/${encodeURIComponent(id)}`);
}

export function useDeleteScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
