import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scriptListSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';

export const scriptsQueryKey = ['scripts'] as const;

export function listScripts(options: { search: string; includeArchived: boolean }) {
  const params = new URLSearchParams();
  if (options.search.trim()) params.set('search', options.search.trim());
  if (options.includeArchived) params.set('archived', 'true');
  const qs = params.toString();
  return apiRequest('GET', `/api/scripts${qs ? `?${qs}` : ''}`, { schema: scriptListSchema });
}

export function useScripts(options: { search: string; includeArchived: boolean }) {
  return useQuery({
    queryKey: [...scriptsQueryKey, options.search.trim(), options.includeArchived],
    queryFn: () => listScripts(options),
    placeholderData: keepPreviousData,
  });
}
