import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useHydrated } from './use-hydrated';

export interface VoiceSummary {
  total: number;
  /** Voices of the natural engines (neural models, speech servers, ElevenLabs). */
  natural: number;
}

/**
 * The public catalogue counted, for the pages' claims: the real number of voices, and whether
 * any sound natural (decisions: pages claim natural voices only when some are installed). Read
 * without the schema library, like the public pages (decision 235); the same cache entry as the
 * voices page's list.
 */
export function useVoiceSummary(): VoiceSummary | null {
  // The build drew the count-free phrase: the count waits for hydration (use-hydrated.ts).
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: ['voices', 'featured'],
    queryFn: async () => {
      const body = (await apiRequest('GET', '/api/voices/featured')) as {
        voices?: { engine?: string }[];
      };
      return body.voices ?? [];
    },
    staleTime: 300_000,
    retry: false,
  });
  if (!hydrated || !query.data || query.data.length === 0) return null;
  const voices = query.data as { engine?: string }[];
  return {
    total: voices.length,
    natural: voices.filter((v) => v.engine && v.engine !== 'local').length,
  };
}

/** "27 voices", "27 voices, 14 of them natural", or a count-free phrase before the list loads. */
export function voicesClaim(summary: VoiceSummary | null): string {
  if (!summary) return 'Voices';
  const count = `${summary.total} ${summary.total === 1 ? 'voice' : 'voices'}`;
  return summary.natural > 0 ? `${count}, ${summary.natural} of them natural` : count;
}
