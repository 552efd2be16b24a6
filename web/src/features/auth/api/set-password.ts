import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  okResponseSchema,
  setPasswordInputSchema,
  type SetPasswordInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

export function setPassword(input: SetPasswordInput) {
  return apiRequest('POST', '/api/auth/set-password', {
    body: setPasswordInputSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
