import { apiRequest } from '../../../lib/api-client';

/** Records the recording_played event; never throws (analytics must not break playback). */
export function recordPlay(id: string): void {
  apiRequest('POST', `/api/readings/${encodeURIComponent(id)}/plays`, { body: {} }).catch(
    () => undefined,
  );
}
