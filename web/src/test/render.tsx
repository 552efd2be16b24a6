import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  MemoryRouter,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type RouteObject,
} from 'react-router';
import { RouteTree } from '../app/route-tree';
import { GuardedRouter, guardHistory } from '../lib/navigation-guard';

/** A query client for one test: no retries, so a failed call shows its error at once. */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders a component as the app does: inside a fresh query client and a memory router at `at`
 * (default "/"). Returns Testing Library's result and the query client.
 */
export function renderWithProviders(
  ui: ReactNode,
  { at = '/', client = createTestQueryClient() }: { at?: string; client?: QueryClient } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/**
 * Renders route objects as the app does (a guarded history, the error screen; decision 245)
 * inside a fresh query client, starting at `at` in a memory history. Returns the history to
 * drive it (`history.go(-1)` is Back).
 */
export function renderRoutes(
  routes: RouteObject[],
  { at = '/', client = createTestQueryClient() }: { at?: string; client?: QueryClient } = {},
) {
  const history = guardHistory(createMemoryHistory({ initialEntries: [at], v5Compat: true }));
  const result = render(
    <QueryClientProvider client={client}>
      <GuardedRouter history={history}>
        <RouteTree routes={routes} />
      </GuardedRouter>
    </QueryClientProvider>,
  );
  return { ...result, client, history };
}
