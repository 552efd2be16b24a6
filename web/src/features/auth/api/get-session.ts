import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';

export const sessionQueryKey = ['session'] as const;

export function getSession() {
  return apiRequest('GET', '/api/session', {
    schema: () => import('@doublecast/common/auth').then((m) => m.sessionResponseSchema),
  });
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 60_000,
});

/** The signed-in user (or null), shared by the header and the route guards. */
export function useSession(): { user: SessionUser | null; isLoading: boolean; isError: boolean } {
  const query = useQuery(sessionQuery);
  // The build drew every page signed out: the user waits for hydration (use-hydrated.ts).
  const hydrated = useHydrated();
  return {
    user: (hydrated && query.data?.user) || null,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
