import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prepareFirstPage } from './app/first-page';
import { readPageData } from './app/page-data';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App pageData={readPageData()} queryClient={queryClient} />
  </StrictMode>
);
// A public page arrives rendered at build time (decision 234): React takes over that HTML
// instead of drawing the page again; so does a page the server rendered (a blog post, decision
// 237), from the data it wrote into the page. Hydration runs as a transition, so the work is
// cut into short tasks that let the browser answer input in between (decision 235). Every
// other page starts from the empty shell, a signed-in page once its first screen is read
// (first-page.ts), unless the server drew its frame. No top-level await: it would split this chunk's shared modules into chunks of
// their own.
if (root.firstElementChild) {
  startTransition(() => void hydrateRoot(root, app));
  // A signed-in page's frame drawn by the server (decision 389): its reads, already on their
  // way, fill the cache while React hydrates the frame.
  void prepareFirstPage(queryClient);
} else void prepareFirstPage(queryClient).then(() => createRoot(root).render(app));
