import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { seedPageData, type PageData } from './page-data';
import { SiteOriginContext } from '../lib/site-origin';
import { routes } from './router';

const router = createBrowserRouter(routes);

/** The app; `pageData` is what the server rendered this page from (decision 237), if it did. */
export function App({ pageData }: { pageData?: PageData | null }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (pageData) seedPageData(client, pageData);
    return client;
  });
  return (
    <SiteOriginContext value={pageData?.origin ?? null}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SiteOriginContext>
  );
}
