import { useMutation } from '@tanstack/react-query';
import {
  forgotPasswordInputSchema,
  okResponseSchema,
  type ForgotPasswordInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequest('POST', '/api/auth/forgot-password', {
    body: forgotPasswordInputSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
