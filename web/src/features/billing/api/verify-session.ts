import { useMutation } from '@tanstack/react-query';
import { verifySessionInputSchema, verifySessionResponseSchema } from '@doublecast/common/billing';
import { apiRequest } from '../../../lib/api-client';

export function verifySession(sessionId: string) {
  return apiRequest('POST', '/api/verify-session', {
    body: verifySessionInputSchema.parse({ sessionId }),
    schema: verifySessionResponseSchema,
  });
}

export function useVerifySession() {
  return useMutation({ mutationFn: verifySession });
}
