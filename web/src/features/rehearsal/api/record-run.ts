import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runInputSchema, runSummarySchema, type RunInput } from '@doublecast/common/rehearsal';
import { apiRequest } from '../../../lib/api-client';
import { runsQueryKey } from './list-runs';
import { troubleSpotsQueryKey } from './get-trouble-spots';

export function recordRun(input: RunInput) {
  return apiRequest('POST', '/api/rehearsal/runs', {
    body: runInputSchema.parse(input),
    schema: runSummarySchema,
  });
}

export function useRecordRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRun,
    onSuccess: (run) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: runsQueryKey(run.scriptId) }),
        queryClient.invalidateQueries({ queryKey: troubleSpotsQueryKey(run.scriptId) }),
      ]),
  });
}
