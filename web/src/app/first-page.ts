import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQuery } from '../features/auth/api/get-session';
import { unreadCountQuery } from '../features/messages/api/get-inbox';
import { dropEarlyRequests, hasEarlyRequests } from '../lib/early-requests';
import { PracticeRoute, PracticeRunRoute, type PageComponent } from './router';

/** How long the first page waits for its data before it is drawn with a spinner instead. */
export const FIRST_PAGE_WAIT_MS = 1500;

/** The signed-in pages whose first screen is read before it is drawn (lib/early-requests.ts). */
const PAGES: {
  pattern: string;
  page: PageComponent;
  data(
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ): Promise<unknown>;
}[] = [
  {
    pattern: '/practice',
    page: PracticeRoute,
    data: async (client, _, search) =>
      (await import('./routes/practice')).practiceData(client, search),
  },
  {
    pattern: '/practice/:scriptId',
    page: PracticeRunRoute,
    data: async (client, { scriptId = '' }) =>
      (await import('./routes/practice-run')).runData(client, scriptId),
  },
];

/**
 * Reads a signed-in page's first screen into `client` before the app draws it: the session,
 * the header's count and the page's own data, whose requests the first script started
 * (main.tsx), and the page's chunk. The page is then drawn once, complete, instead of a spinner
 * followed by each answer in turn. A slow answer is waited for no longer than
 * FIRST_PAGE_WAIT_MS; the page then shows its spinner and the query goes on.
 */
export async function prepareFirstPage(
  client: QueryClient,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  waitMs = FIRST_PAGE_WAIT_MS,
): Promise<void> {
  if (!hasEarlyRequests()) return;
  const found = PAGES.map((p) => ({ p, match: matchPath(p.pattern, location.pathname) })).find(
    (m) => m.match,
  );
  if (!found) {
    dropEarlyRequests();
    return;
  }
  const search = new URLSearchParams(location.search);
  const reads = Promise.allSettled([
    client.prefetchQuery(sessionQuery),
    client.prefetchQuery(unreadCountQuery),
    found.p.page.preload(),
    found.p.data(client, found.match!.params, search),
  ]);
  // Once every read has taken its early answer, the rest (none, or a stray) is dropped; a page
  // drawn before that (the wait ran out) still gets the answers already on their way.
  void reads.finally(dropEarlyRequests);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
