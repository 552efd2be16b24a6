import { useMutation } from '@tanstack/react-query';
import { redirectResponseSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

/** Asks the server for a Stripe customer-portal address for the signed-in user. */
export function openBillingPortal() {
  return apiRequest('POST', '/api/billing-portal', { body: {}, schema: redirectResponseSchema });
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
