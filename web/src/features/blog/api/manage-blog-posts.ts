import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blogAdminListSchema,
  blogAdminPostSchema,
  type BlogPostInput,
} from '@doublecast/common/blog';
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

export const adminBlogPostQueryKey = (id: string) => ['admin', 'blog', 'post', id] as const;

/** One post, drafts included, as the editor loads it (admins only). */
export function useAdminBlogPost(id: string | undefined) {
  return useQuery({
    queryKey: adminBlogPostQueryKey(id ?? ''),
    queryFn: () =>
      apiRequest('GET', `/api/admin/blog/posts/${encodeURIComponent(id ?? '')}`, {
        schema: blogAdminPostSchema,
      }),
    enabled: id !== undefined,
    // The form owns the text once loaded; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Creates the post when `id` is absent, otherwise replaces it. */
export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | undefined; input: BlogPostInput }) =>
      id === undefined
        ? apiRequest('POST', '/api/admin/blog/posts', { body: input, schema: blogAdminPostSchema })
        : apiRequest('PUT', `/api/admin/blog/posts/${encodeURIComponent(id)}`, {
            body: input,
            schema: blogAdminPostSchema,
          }),
    onSuccess: (post) => queryClient.setQueryData(adminBlogPostQueryKey(post.id), post),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBlogPostsQueryKey }),
  });
}
