import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { scriptListSchema } from '@doublecast/common/scripts';
import { apiRequest, withQuery } from '../../../lib/api-client';

export const scriptsQueryKey = ['scripts'] as const;

/** One page of script previews; `cursor` is the previous page's `nextCursor`. */
export function listScripts(options: {
  search: string;
  includeArchived: boolean;
  cursor?: string | null;
}) {
  const params = new URLSearchParams();
  if (options.search.trim()) params.set('search', options.search.trim());
  if (options.includeArchived) params.set('archived', 'true');
  if (options.cursor) params.set('cursor', options.cursor);
  return apiRequest('GET', withQuery('/api/scripts', params), { schema: scriptListSchema });
}

/** The script manager's list, a page at a time ("Load more" asks for the next). */
export function useScripts(options: { search: string; includeArchived: boolean }) {
  return useInfiniteQuery({
    queryKey: [...scriptsQueryKey, 'pages', options.search.trim(), options.includeArchived],
    queryFn: ({ pageParam }) => listScripts({ ...options, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
