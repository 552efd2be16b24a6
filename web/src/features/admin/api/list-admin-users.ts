import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_RETRY_DELAY_MS,
  ADMIN_USERS_RETRIES,
  adminUserListSchema,
  type AdminUserListQuery,
} from '@doublecast/common/admin';
import { ApiError, apiRequest, withQuery } from '../../../lib/api-client';

export type AdminUserFilters = Partial<AdminUserListQuery>;

export const adminUsersQueryKey = (filters: AdminUserFilters) =>
  ['admin', 'users', filters] as const;

export function adminUsersParams(filters: AdminUserFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== '' && v !== 'all') params.set(k, String(v));
  }
  return params;
}

export function listAdminUsers(filters: AdminUserFilters) {
  return apiRequest('GET', withQuery('/api/admin/users', adminUsersParams(filters)), {
    schema: adminUserListSchema,
  });
}

/** docs/glossary.md#admin-users: retried twice, 2 seconds apart, only when offline or unavailable. */
export function shouldRetryUsers(failureCount: number, error: unknown): boolean {
  return (
    failureCount < ADMIN_USERS_RETRIES &&
    error instanceof ApiError &&
    (error.code === 'network' || error.code === 'unavailable')
  );
}

export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery({
    queryKey: adminUsersQueryKey(filters),
    queryFn: () => listAdminUsers(filters),
    placeholderData: keepPreviousData,
    retry: shouldRetryUsers,
    retryDelay: ADMIN_RETRY_DELAY_MS,
  });
}
