import { useQuery } from '@tanstack/react-query';
import { RUN_PAGE_SIZE, runListSchema } from '@doublecast/common/rehearsal';
import { apiRequest } from '../../../lib/api-client';

export const runsQueryKey = (scriptId: string) => ['rehearsal', 'runs', scriptId] as const;

/** The script's latest runs (one page, newest first): the chart and the list under the scene. */
export function listRuns(scriptId: string) {
  return apiRequest(
    'GET',
    `/api/rehearsal/runs?scriptId=${encodeURIComponent(scriptId)}&limit=${RUN_PAGE_SIZE}`,
    { schema: runListSchema },
  );
}

export function useRuns(scriptId: string) {
  return useQuery({ queryKey: runsQueryKey(scriptId), queryFn: () => listRuns(scriptId) });
}
