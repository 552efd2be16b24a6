import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionStatusSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** Schedules the end of the subscription at the end of the paid period. */
export function cancelSubscription() {
  return apiRequest('POST', '/api/subscription/cancel', {
    body: {},
    schema: subscriptionStatusSchema,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (data) => queryClient.setQueryData(subscriptionQueryKey, data),
  });
}
