import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_RETRY_DELAY_MS,
  ADMIN_USERS_RETRIES,
  adminUserListSchema,
  type AdminUserListQuery,
} from '@doublecast/common/admin';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type AdminUserFilters = Partial<AdminUserListQuery>;

export const adminUsersQueryKey = (filters: AdminUserFilters) =>
  ['admin', 'users', filters] as const;

export function adminUsersSearch(filters: AdminUserFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== '' && v !== 'all') params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function listAdminUsers(filters: AdminUserFilters) {
  return apiRequest('GET', `/api/admin/users${adminUsersSearch(filters)}`, {
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
