import { useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '@doublecast/common/admin';
import { apiRequest } from '../../../lib/api-client';

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function getAdminDashboard() {
  return apiRequest('GET', '/api/admin/dashboard', { schema: adminDashboardSchema });
}

/** The dashboard's figures; fetched on opening the page and again on Refresh. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminDashboardQueryKey,
    queryFn: getAdminDashboard,
    staleTime: 0,
  });
}
