import { errorBodySchema } from '@doublecast/common/errors';
import {
  GENERATION_ID_HEADER,
  generationInputSchema,
  type GenerationInput,
} from '@doublecast/common/studio';
import { ApiError } from '../../../lib/api-client';

export interface GenerationResponse {
  generationId: string;
  remaining: number | null;
  /** The MP3 as it is made. */
  body: ReadableStream<Uint8Array>;
}

/**
 * Starts a reading. The answer is an MP3 stream, not JSON, so this is the one call that reads
 * the response body itself (decision 041); it sends the same JSON and same-origin headers as
 * apiRequest, and errors before the first byte arrive in the one error shape.
 */
export async function createGeneration(
  input: GenerationInput,
  options: { idempotencyKey: string; signal?: AbortSignal },
): Promise<GenerationResponse> {
  let res: Response;
  try {
    res = await fetch('/api/studio/generations', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'audio/mpeg, application/json',
        'content-type': 'application/json',
        'idempotency-key': options.idempotencyKey,
      },
      body: JSON.stringify(generationInputSchema.parse(input)),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(
      'network',
      'You appear to be offline. Please check your internet connection and try again.',
      0,
    );
  }
  if (!res.ok || !res.body) {
    const parsed = errorBodySchema.safeParse(await res.json().catch(() => undefined));
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
  const remaining = res.headers.get('x-characters-remaining');
  return {
    generationId: res.headers.get(GENERATION_ID_HEADER) ?? '',
    remaining: remaining === null ? null : Number(remaining),
    body: res.body,
  };
}
