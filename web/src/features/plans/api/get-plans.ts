import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PLAN_CONFIG, type PlanConfig } from '@doublecast/common/plans';
import { apiRequest } from '../../../lib/api-client';

export const plansQueryKey = ['plans'] as const;

export function getPlans() {
  return apiRequest('GET', '/api/plans', {
    schema: () => import('./plans-schema').then((m) => m.plansResponseSchema),
  });
}

/**
 * The configured plan data. Until it arrives the built-in defaults are shown (they are the
 * same numbers unless the operator changed them), so prices never flash empty.
 */
export function usePlanConfig(): PlanConfig {
  const query = useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 });
  return query.data?.config ?? DEFAULT_PLAN_CONFIG;
}
