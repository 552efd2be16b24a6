import { useQuery } from '@tanstack/react-query';
import { scriptListSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';

export function listPracticeScripts() {
  return apiRequest('GET', '/api/scripts', { schema: scriptListSchema });
}

/** The user's active scripts, to pick one to rehearse. */
export function usePracticeScripts() {
  return useQuery({ queryKey: ['scripts', '', false], queryFn: listPracticeScripts });
}
