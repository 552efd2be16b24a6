import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, StaticRouter } from 'react-router';
import { RouteTree } from './app/route-tree';
import { routes } from './app/router';
import { seedPageData, type PageData } from './app/page-data';
import { createQueryClient } from './lib/query-client';
import { SiteOriginContext } from './lib/site-origin';
import { SignedInPageContext } from './lib/signed-in-page';

/** Route patterns whose lazy chunks are loaded in this process (see `render`). */
const loaded = new Set<string>();

/**
 * The HTML of one page as its first render in the browser draws it. Without `data`: a public
 * page with no data yet and nobody signed in, which the build puts inside the shell (decision
 * 234). With `data`: the page drawn from that data, which the server writes into the page for
 * the browser to hydrate from (a blog post, decision 237; a signed-in page's frame, decision
 * 389); web/prerender.ts keeps this module in
 * dist/.ssr for the server.
 */
export async function render(url: string, data?: PageData): Promise<string> {
  const client = createQueryClient();
  if (data) seedPageData(client, data);
  const page = (
    <StrictMode>
      <SiteOriginContext value={data?.origin ?? null}>
        <SignedInPageContext value={data?.signedIn ?? null}>
          <QueryClientProvider client={client}>
            {/* The tree the browser hydrates (app.tsx): the same routes in the same RouteTree. */}
            <StaticRouter location={url}>
              <RouteTree routes={routes} />
            </StaticRouter>
          </QueryClientProvider>
        </SignedInPageContext>
      </SiteOriginContext>
    </StrictMode>
  );
  // The first render of a route waits for every lazy chunk the page shows; then (and on every
  // later render of that route) renderToString draws with them all loaded, so nothing suspends
  // and React writes no inline script to finish a boundary.
  const pattern = (matchRoutes(routes, url) ?? []).map((m) => m.route.path ?? '').join('|');
  if (!loaded.has(pattern)) {
    const { prelude } = await prerenderToNodeStream(page);
    for await (const _chunk of prelude) {
      // drained
    }
    loaded.add(pattern);
  }
  return renderToString(page);
}
