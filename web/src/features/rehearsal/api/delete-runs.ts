import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { runsQueryKey } from './list-runs';
import { troubleSpotsQueryKey } from './get-trouble-spots';

/** Deletes one run, or every run of the script when `runId` is null. */
export function deleteRuns({ scriptId, runId }: { scriptId: string; runId: string | null }) {
  return apiRequest<void>(
    'DELETE',
    runId
      ? `/api/rehearsal/runs/${encodeURIComponent(runId)}`
      : `/api/rehearsal/runs?scriptId=${encodeURIComponent(scriptId)}`,
  );
}

export function useDeleteRuns(scriptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string | null) => deleteRuns({ scriptId, runId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: runsQueryKey(scriptId) }),
        queryClient.invalidateQueries({ queryKey: troubleSpotsQueryKey(scriptId) }),
      ]),
  });
}
