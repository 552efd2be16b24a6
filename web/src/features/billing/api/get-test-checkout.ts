import { useQuery } from '@tanstack/react-query';
import { testCheckoutSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

export const testCheckoutQueryKey = (sessionId: string) => ['test-checkout', sessionId] as const;

export function getTestCheckout(sessionId: string) {
  return apiRequest('GET', `/api/test-checkout/${encodeURIComponent(sessionId)}`, {
    schema: testCheckoutSchema,
  });
}

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: testCheckoutQueryKey(sessionId),
    queryFn: () => getTestCheckout(sessionId),
    retry: false,
  });
}
