import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blogAdminListSchema, blogAdminPostSchema } from '@doublecast/common/blog';
import { apiRequest } from '../../../lib/api-client';

export const adminBlogPostsQueryKey = ['admin', 'blog', 'posts'] as const;

/** The manager's table: every post, drafts included, newest first (admins only). */
export function useAdminBlogPosts(page = 1) {
  return useQuery({
    queryKey: [...adminBlogPostsQueryKey, page],
    queryFn: () =>
      apiRequest('GET', `/api/admin/blog/posts?page=${page}`, { schema: blogAdminListSchema }),
  });
}

export function useSetBlogPostPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      apiRequest('PUT', `/api/admin/blog/posts/${encodeURIComponent(id)}/published`, {
        body: { published },
        schema: blogAdminPostSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBlogPostsQueryKey }),
  });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/admin/blog/posts/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBlogPostsQueryKey }),
  });
}
