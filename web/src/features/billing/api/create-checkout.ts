import {
  CHECKOUT_ERRORS,
  checkoutInputSchema,
  checkoutResponseSchema,
} from '@doublecast/common/billing';
import { isPlanKey } from '@doublecast/common/plans';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { userMessage } from '../../../lib/user-message';

/**
 * Starts checkout for the signed-in user and returns the address to send the browser to
 * (Stripe Checkout, or the built-in test-mode page). Throws an Error whose message is the text
 * to show: the checkout errors, or the server's own refusal (lib/user-message.ts). The checkout events are
 * recorded by the server when it creates the session.
 */
export async function createCheckout(plan: string): Promise<string> {
  if (!isPlanKey(plan)) throw new Error(CHECKOUT_ERRORS.invalidPlan);
  let response;
  try {
    response = await apiRequest('POST', '/api/checkout', {
      body: checkoutInputSchema.parse({ plan }),
      schema: checkoutResponseSchema,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthenticated') throw err;
    throw new Error(userMessage(err, CHECKOUT_ERRORS.failed));
  }
  if (!response.url) throw new Error(CHECKOUT_ERRORS.noUrl);
  return response.url;
}
