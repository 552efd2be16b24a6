import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  finishSignInInputSchema,
  signInResponseSchema,
  type FinishSignInInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** Spends a magic link: the page posts the token (opening the link alone never does). */
export function finishSignIn(input: FinishSignInInput) {
  return apiRequest('POST', '/api/auth/magic-link/verify', {
    body: finishSignInInputSchema.parse(input),
    schema: signInResponseSchema,
  });
}

export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSignIn,
    onSuccess: (data) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user: data.user });
    },
  });
}
