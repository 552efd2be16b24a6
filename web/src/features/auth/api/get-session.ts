import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignedInPage } from '../../../lib/signed-in-page';

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
  // The build drew every page signed out: the user waits for hydration (use-hydrated.ts). A
  // page the server drew for its user (decision 389) shows that user until the session answers.
  const hydrated = useHydrated();
  const drawn = useSignedInPage()?.user ?? null;
  return {
    user: hydrated && query.data ? query.data.user : drawn,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
