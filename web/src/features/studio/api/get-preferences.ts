import { useQuery } from '@tanstack/react-query';
import { preferencesSchema } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';

export const preferencesQueryKey = ['preferences'] as const;

export function getPreferences() {
  return apiRequest('GET', '/api/preferences', { schema: preferencesSchema });
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: getPreferences });
}
