import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminLogListSchema, type AdminLogAction } from '@doublecast/common/admin';
import { apiRequest } from '../../../lib/api-client';

export interface AdminLogFilters {
  action?: AdminLogAction;
  targetUserId?: string;
  page: number;
}

export function listAdminLogs(f: AdminLogFilters) {
  const params = new URLSearchParams({ page: String(f.page) });
  if (f.action) params.set('action', f.action);
  if (f.targetUserId) params.set('targetUserId', f.targetUserId);
  return apiRequest('GET', `/api/admin/logs?${params.toString()}`, { schema: adminLogListSchema });
}

export function useAdminLogs(f: AdminLogFilters) {
  return useQuery({
    queryKey: ['admin', 'logs', f],
    queryFn: () => listAdminLogs(f),
    placeholderData: keepPreviousData,
  });
}
