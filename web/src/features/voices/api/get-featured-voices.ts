import { useQuery } from '@tanstack/react-query';
import { VOICES_ERRORS } from '@doublecast/common/voices-texts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { usePendingWhileHydrating } from '../../../lib/use-hydrated';

export const featuredVoicesQueryKey = ['voices', 'featured'] as const;

/** The public catalogue. An empty answer is an error ("No data received from server"). */
export async function getFeaturedVoices() {
  const { voices } = await apiRequest('GET', '/api/voices/featured', {
    schema: () => import('@doublecast/common/voices').then((m) => m.voiceListSchema),
  });
  if (voices.length === 0) throw new ApiError('internal', VOICES_ERRORS.empty, 200);
  return voices;
}

/** The public catalogue, kept for 5 minutes (docs/glossary.md#voice-catalogue). */
export function useFeaturedVoices() {
  return usePendingWhileHydrating(
    useQuery({
      queryKey: featuredVoicesQueryKey,
      queryFn: getFeaturedVoices,
      staleTime: 300_000,
      retry: false,
    }),
  );
}

/** The texts for a catalogue that failed to load. */
export function voicesLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message === VOICES_ERRORS.empty) return VOICES_ERRORS.empty;
    if (error.code === 'unauthenticated') return VOICES_ERRORS.unauthenticated;
    if (error.code === 'unavailable') return VOICES_ERRORS.unavailable;
    if (error.code === 'internal')
      return `${VOICES_ERRORS.internalPrefix}${error.message || VOICES_ERRORS.internalFallback}`;
  }
  return VOICES_ERRORS.other;
}
