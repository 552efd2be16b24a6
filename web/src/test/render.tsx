import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';

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
 * Renders route objects in a data router (for loaders, error elements, navigation and params)
 * inside a fresh query client, starting at `at`. Returns the router to inspect or drive it.
 */
export function renderRoutes(
  routes: RouteObject[],
  { at = '/', client = createTestQueryClient() }: { at?: string; client?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
