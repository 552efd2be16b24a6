import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { GuardedRouter, guardHistory } from '../lib/navigation-guard';
import { seedPageData, type PageData } from './page-data';
import { SiteOriginContext } from '../lib/site-origin';
import { SignedInPageContext } from '../lib/signed-in-page';
import { RouteTree } from './route-tree';
import { routes } from './router';

// React Router's declarative router (decision 245): the data router alone weighed 16 KB brotli.
const history = guardHistory(createBrowserHistory({ v5Compat: true }), window.history);

/**
 * The app; `pageData` is what the server rendered this page from (decision 237), if it did;
 * `queryClient` one that already holds the first page's data (first-page.ts).
 */
export function App({
  pageData,
  queryClient: prepared,
}: {
  pageData?: PageData | null;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => {
    const client = prepared ?? createQueryClient();
    if (pageData) seedPageData(client, pageData);
    return client;
  });
  return (
    <SiteOriginContext value={pageData?.origin ?? null}>
      <SignedInPageContext value={pageData?.signedIn ?? null}>
        <QueryClientProvider client={queryClient}>
          <GuardedRouter history={history}>
            <RouteTree routes={routes} />
          </GuardedRouter>
        </QueryClientProvider>
      </SignedInPageContext>
    </SiteOriginContext>
  );
}
