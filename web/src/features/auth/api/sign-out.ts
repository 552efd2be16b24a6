import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/** Signs out, forgets every cached answer, and returns to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/sign-out', { body: {} }),
    onSettled: async () => {
      queryClient.clear();
      await navigate('/');
    },
  });
}
