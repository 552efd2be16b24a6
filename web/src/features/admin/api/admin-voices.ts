import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminVoiceListSchema,
  bulkVoicePermissionsResultSchema,
  featuredVoicesResultSchema,
  importVoicesResultSchema,
  userVoicePermissionsSchema,
  voiceNamesResultSchema,
  voicePermissionsPageSchema,
  type VoiceCategory,
} from '@doublecast/common/voices';
import { apiRequest, withQuery } from '../../../lib/api-client';

const VOICES_KEY = ['admin', 'voices'] as const;
const PERMISSIONS_KEY = ['admin', 'voice-permissions'] as const;

/** Every voice of the active provider (hidden and disabled ones too), and the provider's name. */
export function useAdminVoices() {
  return useQuery({
    queryKey: VOICES_KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/voices', { schema: adminVoiceListSchema, signal }),
  });
}

/** A change to the voices: the admin list and the public and Studio lists are read again. */
function useVoicesMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: VOICES_KEY });
      await qc.invalidateQueries({ queryKey: ['voices'] });
    },
  });
}

export function useRenameVoice() {
  return useVoicesMutation((v: { voiceId: string; name: string }) =>
    apiRequest('PUT', '/api/admin/voices/names', {
      body: { voiceNames: { [v.voiceId]: v.name } },
      schema: voiceNamesResultSchema,
    }),
  );
}

export function useSetVoiceCategory() {
  return useVoicesMutation((v: { voiceId: string; category: VoiceCategory }) =>
    apiRequest('PUT', `/api/admin/voices/${encodeURIComponent(v.voiceId)}/category`, {
      body: { category: v.category },
    }),
  );
}

export function useImportVoices() {
  return useVoicesMutation(() =>
    apiRequest('POST', '/api/admin/voices/import', { body: {}, schema: importVoicesResultSchema }),
  );
}

export function useSetFeatured() {
  return useVoicesMutation((v: { voiceIds: string[]; featured: boolean }) =>
    apiRequest('PUT', '/api/admin/voices/featured', {
      body: v,
      schema: featuredVoicesResultSchema,
    }),
  );
}

/** Voice Permissions' users, a page at a time, searched by email prefix or user id. */
export function useVoicePermissionUsers(q: string) {
  return useInfiniteQuery({
    queryKey: [...PERMISSIONS_KEY, q],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam !== null) params.set('after', pageParam);
      return apiRequest('GET', withQuery('/api/admin/voice-permissions', params), {
        schema: voicePermissionsPageSchema,
        signal,
      });
    },
    getNextPageParam: (last) => last.nextAfter,
  });
}

function usePermissionsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: PERMISSIONS_KEY }),
  });
}

/** One user's voices; an empty list lifts their restriction. */
export function useSaveUserPermissions() {
  return usePermissionsMutation((v: { userId: string; voiceIds: string[] }) =>
    apiRequest('PUT', `/api/admin/voice-permissions/${encodeURIComponent(v.userId)}`, {
      body: { voiceIds: v.voiceIds },
      schema: userVoicePermissionsSchema,
    }),
  );
}

/** The same voices for every user; an empty list lifts every restriction. */
export function useApplyToAllUsers() {
  return usePermissionsMutation((voiceIds: string[]) =>
    apiRequest('PUT', '/api/admin/voice-permissions', {
      body: { voiceIds },
      schema: bulkVoicePermissionsResultSchema,
    }),
  );
}
