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
