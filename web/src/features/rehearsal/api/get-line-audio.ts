import { errorBodySchema } from '@doublecast/common/errors';
import { lineAudioInputSchema, type LineAudioInput } from '@doublecast/common/rehearsal';
import { ApiError, apiUrl } from '../../../lib/api-client';

/**
 * One line's MP3 as a Blob. The answer is audio, not JSON, so this uses fetch itself with the
 * same rules as apiRequest: JSON body, same-origin cookies, the one error shape on failure.
 */
export async function getLineAudio(input: LineAudioInput, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/api/rehearsal/line-audio'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'audio/mpeg, application/json', 'content-type': 'application/json' },
      body: JSON.stringify(lineAudioInputSchema.parse(input)),
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(
      'network',
      'You appear to be offline. Please check your internet connection and try again.',
      0,
    );
  }
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(await res.json().catch(() => null));
    if (parsed.success)
      throw new ApiError(
        parsed.data.error.code,
        parsed.data.error.message,
        res.status,
        parsed.data.error.details,
      );
    throw new ApiError(
      res.status >= 500 ? 'internal' : 'invalid-argument',
      `Request failed (${res.status})`,
      res.status,
    );
  }
  return res.blob();
}
