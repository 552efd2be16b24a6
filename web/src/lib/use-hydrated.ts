import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a page rendered at build time (and on the server), true after and
 * in every render drawn in the browser alone. A page rendered at build time is drawn without its
 * address's query, so what it draws from the query waits for this, or the hydration would not
 * match the HTML (React then throws the HTML away and draws the page again).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * `query` as the build drew it (still loading) while React hydrates. A late part of a page (a
 * lazy chunk, a route) hydrates after its queries may have answered; drawing their answer then
 * would not match the HTML, and React would throw the page away and draw it again.
 */
export function usePendingWhileHydrating<T extends { data: unknown }>(query: T): T {
  if (useHydrated()) return query;
  // The pending shape of a TanStack Query result, which the union type cannot name from here.
  return {
    ...query,
    data: undefined,
    error: null,
    status: 'pending',
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    hasNextPage: false,
  } as unknown as T;
}
