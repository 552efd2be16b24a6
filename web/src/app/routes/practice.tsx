import { useSearchParams } from 'react-router';
import { Practice } from '../../features/rehearsal/components/practice';
import { practiceScriptsQuery } from '../../features/rehearsal/api/list-practice-scripts';
import { availableVoicesQuery } from '../../lib/available-voices';
import type { QueryClient } from '@tanstack/react-query';

/** What the page draws first, read before it is drawn when it is the first page (first-page.ts). */
export const practiceData = (client: QueryClient, search: URLSearchParams) =>
  Promise.all([
    client.prefetchQuery(practiceScriptsQuery(search.get('script'))),
    client.prefetchQuery(availableVoicesQuery),
  ]);

export function PracticeRoute() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Practice initialScriptId={params.get('script')} />
    </section>
  );
}
