import { useQuery } from '@tanstack/react-query';
import { sceneCastSchema } from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';

export function castScene(text: string, signal?: AbortSignal) {
  return apiRequest('POST', '/api/readings/cast', {
    body: { text },
    schema: sceneCastSchema,
    signal,
  });
}

/**
 * Whether the Studio's text is a script and who would read each part (decision 281). Asked once
 * the text has settled (`text` is already debounced by the caller); a text with no line break
 * cannot be a scene and is not sent.
 */
export function useSceneCast(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: ['readings', 'cast', trimmed],
    queryFn: ({ signal }) => castScene(trimmed, signal),
    enabled: trimmed.includes('\n'),
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
