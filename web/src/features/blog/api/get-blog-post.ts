import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const blogPostQueryKey = (slug: string) => ['blog', 'post', slug] as const;

/** One published post by its slug; the server counts the view and sends sanitised HTML. */
export function getBlogPost(slug: string) {
  return apiRequest('GET', `/api/blog/posts/${encodeURIComponent(slug)}`, {
    schema: () => import('@doublecast/common/blog').then((m) => m.blogPostSchema),
  });
}

export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: blogPostQueryKey(slug),
    queryFn: () => getBlogPost(slug),
    // Each fetch is a counted view: one per visit to the page, not one per re-render or refocus.
    // A post the server rendered into the page (decision 237) is drawn from that data at once
    // and fetched still, on mount: the visit is counted and the view count brought up to date.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
