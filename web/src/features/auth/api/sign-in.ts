import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInInputSchema, signInResponseSchema, type SignInInput } from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export function signIn(input: SignInInput) {
  return apiRequest('POST', '/api/auth/sign-in', {
    body: signInInputSchema.parse(input),
    schema: signInResponseSchema,
  });
}

/** Password sign-in; on success every cached answer is dropped and the session is known. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user: data.user });
    },
  });
}
