import { useQuery } from '@tanstack/react-query';
import { adminUserDetailsSchema } from '@doublecast/common/admin';
import { apiRequest } from '../../../lib/api-client';

export const adminUserQueryKey = (userId: string) => ['admin', 'user', userId] as const;

export function getAdminUser(userId: string) {
  return apiRequest('GET', `/api/admin/users/${encodeURIComponent(userId)}`, {
    schema: adminUserDetailsSchema,
  });
}

export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: adminUserQueryKey(userId ?? ''),
    queryFn: () => getAdminUser(userId!),
    enabled: !!userId,
  });
}
