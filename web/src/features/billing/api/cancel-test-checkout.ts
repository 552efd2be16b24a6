import { useMutation } from '@tanstack/react-query';
import { redirectResponseSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

export function cancelTestCheckout(sessionId: string) {
  return apiRequest('POST', `/api/test-checkout/${encodeURIComponent(sessionId)}/cancel`, {
    body: {},
    schema: redirectResponseSchema,
  });
}

export function useCancelTestCheckout() {
  return useMutation({ mutationFn: cancelTestCheckout });
}
