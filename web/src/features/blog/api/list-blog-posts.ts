import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, withQuery } from '../../../lib/api-client';
import { usePendingWhileHydrating } from '../../../lib/use-hydrated';

export const blogPostsQueryKey = ['blog', 'posts'] as const;

export function listBlogPosts(cursor: string | null) {
  const params = new URLSearchParams(cursor ? { cursor } : {});
  return apiRequest('GET', withQuery('/api/blog/posts', params), {
    schema: () => import('@doublecast/common/blog').then((m) => m.blogListResponseSchema),
  });
}

/** Published posts, newest first, a page of 12 at a time ("Load More Posts"). */
export function useBlogPosts() {
  return usePendingWhileHydrating(
    useInfiniteQuery({
      queryKey: blogPostsQueryKey,
      queryFn: ({ pageParam }) => listBlogPosts(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    }),
  );
}
