import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

export function getSession() {
  return apiRequest('GET', '/api/session', {
    schema: () => import('@doublecast/common/auth').then((m) => m.sessionResponseSchema),
  });
}

/** The signed-in user (or null), shared by the header and the route guards. */
export function useSession(): { user: SessionUser | null; isLoading: boolean; isError: boolean } {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
  return { user: query.data?.user ?? null, isLoading: query.isLoading, isError: query.isError };
}
