import { useQuery } from '@tanstack/react-query';
import { accountResponseSchema } from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';

export const accountQueryKey = ['account'] as const;

export function getAccount() {
  return apiRequest('GET', '/api/auth/account', { schema: accountResponseSchema });
}

/** The signed-in user's account: email, id and whether a password is set. */
export function useAccount() {
  return useQuery({ queryKey: accountQueryKey, queryFn: getAccount, retry: false });
}
