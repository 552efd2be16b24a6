import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';

/**
 * The HTML of one public page as its first render in the browser draws it (no data yet, nobody
 * signed in), for the build to put inside the shell (decision 234). Waits for the page's lazy
 * chunks. Used at build time only; the server never runs it.
 */
export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        {/* No hydration script: the CSP allows no inline script, and no route has a loader. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>
  );
  // The first pass waits for every lazy chunk the page shows; the second renders with them all
  // loaded, so nothing suspends and React writes no inline script to finish a boundary.
  const { prelude } = await prerenderToNodeStream(page);
  for await (const _chunk of prelude) {
    // drained
  }
  return renderToString(page);
}
