import { useMutation } from '@tanstack/react-query';
import {
  okResponseSchema,
  resetPasswordInputSchema,
  type ResetPasswordInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('POST', '/api/auth/reset-password', {
    body: resetPasswordInputSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
