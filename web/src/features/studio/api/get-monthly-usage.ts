import { useQuery } from '@tanstack/react-query';
import { monthlyUsageSchema } from '@doublecast/common/usage';
import { apiRequest } from '../../../lib/api-client';

export const monthlyUsageQueryKey = ['usage', 'monthly'] as const;

export function getMonthlyUsage() {
  return apiRequest('GET', '/api/usage', { schema: monthlyUsageSchema });
}

export function useMonthlyUsage() {
  return useQuery({ queryKey: monthlyUsageQueryKey, queryFn: getMonthlyUsage });
}
