import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  rehearsalPlanInputSchema,
  rehearsalPlanSchema,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import { apiRequest } from '../../../lib/api-client';

export const rehearsalPlanKey = ['rehearsal', 'plan'] as const;

export function planRehearsal(input: RehearsalPlanInput) {
  return apiRequest('POST', '/api/rehearsal/plan', {
    body: rehearsalPlanInputSchema.parse(input),
    schema: rehearsalPlanSchema,
  });
}

/** What the run will cost and what is left this month; null input while the setup is incomplete. */
export function useRehearsalPlan(input: RehearsalPlanInput | null) {
  return useQuery({
    queryKey: [...rehearsalPlanKey, input],
    queryFn: () => planRehearsal(input!),
    enabled: !!input,
    // Lines made during a run change the answer; ask again whenever the setup is shown.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
