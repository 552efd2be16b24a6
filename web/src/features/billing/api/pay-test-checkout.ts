import { useMutation } from '@tanstack/react-query';
import { redirectResponseSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

/** Test mode's Pay: the server completes the session it holds and answers where to go next. */
export function payTestCheckout(sessionId: string) {
  return apiRequest('POST', `/api/test-checkout/${encodeURIComponent(sessionId)}/pay`, {
    body: {},
    schema: redirectResponseSchema,
  });
}

export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout });
}
