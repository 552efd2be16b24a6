import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { DEFAULT_PLAN_CONFIG, type PlanConfig } from '@doublecast/common/plans';
import { apiRequest } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';

export const plansQueryKey = ['plans'] as const;

export function getPlans() {
  return apiRequest('GET', '/api/plans', {
    schema: () => import('./plans-schema').then((m) => m.plansResponseSchema),
  });
}

/**
 * The configured data, and the very defaults object when its numbers are the same: a part of a
 * page still hydrating (the home page's lazy sections) given a new object would be drawn again
 * from scratch, losing what the visitor had opened.
 */
const sameOrDefaults = (answer: { config: PlanConfig }): PlanConfig =>
  replaceEqualDeep(DEFAULT_PLAN_CONFIG, answer.config);

/**
 * The configured plan data. Until it arrives the built-in defaults are shown (they are the
 * same numbers unless the operator changed them), so prices never flash empty.
 */
export function usePlanConfig(): PlanConfig {
  const query = useQuery({
    queryKey: plansQueryKey,
    queryFn: getPlans,
    staleTime: 5 * 60_000,
    select: sameOrDefaults,
  });
  // The build drew the defaults: the configured data waits for hydration (use-hydrated.ts).
  const hydrated = useHydrated();
  return (hydrated && query.data) || DEFAULT_PLAN_CONFIG;
}
