import { useQuery } from '@tanstack/react-query';
import { scriptSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

export function getScript(id: string) {
  return apiRequest('GET', `/api/scripts/${encodeURIComponent(id)}`, { schema: scriptSchema });
}

export function useScript(id: string | null) {
  return useQuery({
    queryKey: [...scriptsQueryKey, 'one', id],
    queryFn: () => getScript(id!),
    enabled: !!id,
  });
}
