import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const inboxQueryKey = ['messages'] as const;

/** A schema of common/messages, imported when first needed (the header reads the count). */
const messagesSchema =
  <K extends 'inboxSchema' | 'unreadCountSchema'>(name: K) =>
  async () =>
    (await import('@doublecast/common/messages'))[name];

export function getInbox() {
  return apiRequest('GET', '/api/messages', { schema: messagesSchema('inboxSchema') });
}

export function useInbox() {
  return useQuery({ queryKey: inboxQueryKey, queryFn: getInbox });
}

export const unreadCountQuery = queryOptions({
  queryKey: [...inboxQueryKey, 'unread'],
  queryFn: () =>
    apiRequest('GET', '/api/messages/unread-count', {
      schema: messagesSchema('unreadCountSchema'),
    }),
});

/** The header's unread count: read on load and every minute while the page is open. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQuery, enabled, refetchInterval: 60_000 });
}

export function useInboxMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: inboxQueryKey });
  return {
    markRead: useMutation({
      mutationFn: (id: string) =>
        apiRequest('POST', `/api/messages/${encodeURIComponent(id)}/read`),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest('DELETE', `/api/messages/${encodeURIComponent(id)}`),
      onSuccess,
    }),
  };
}
