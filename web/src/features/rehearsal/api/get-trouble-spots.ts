import { useQuery } from '@tanstack/react-query';
import { troubleSpotsSchema } from '@doublecast/common/rehearsal';
import { apiRequest } from '../../../lib/api-client';

export const troubleSpotsQueryKey = (scriptId: string, role?: string) =>
  role
    ? (['rehearsal', 'trouble', scriptId, role] as const)
    : (['rehearsal', 'trouble', scriptId] as const);

export function getTroubleSpots(scriptId: string, role: string) {
  const q = new URLSearchParams({ scriptId, role });
  return apiRequest('GET', `/api/rehearsal/trouble-spots?${q}`, { schema: troubleSpotsSchema });
}

/** The actor's lines most often missed in the latest runs in this role; read once a run ends. */
export function useTroubleSpots(scriptId: string, role: string, enabled: boolean) {
  return useQuery({
    queryKey: troubleSpotsQueryKey(scriptId, role),
    queryFn: () => getTroubleSpots(scriptId, role),
    enabled,
  });
}
