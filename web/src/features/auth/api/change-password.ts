import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordInputSchema,
  signInResponseSchema,
  type ChangePasswordInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';
import { sessionQueryKey } from './get-session';

/** Changes the password; the server ends every other session and issues this one anew. */
export function changePassword(input: ChangePasswordInput) {
  return apiRequest('POST', '/api/auth/change-password', {
    body: changePasswordInputSchema.parse(input),
    schema: signInResponseSchema,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (data) => {
      queryClient.setQueryData(sessionQueryKey, { user: data.user });
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}
