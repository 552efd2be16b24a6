import { useQuery } from '@tanstack/react-query';
import { subscriptionStatusSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

export const subscriptionQueryKey = ['subscription'] as const;

export function getSubscription() {
  return apiRequest('GET', '/api/subscription', { schema: subscriptionStatusSchema });
}

/** The signed-in user's subscription as the server sees it (the gate and the account panel). */
export function useSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: getSubscription,
    staleTime: 30_000,
    retry: 1,
    enabled: options.enabled ?? true,
  });
}
