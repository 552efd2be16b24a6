import {
  READING_ID_HEADER,
  readingInputSchema,
  type ReadingInput,
} from '@doublecast/common/studio';
import { ApiError, apiFetch } from '../../../lib/api-client';

export interface ReadingResponse {
  readingId: string;
  remaining: number | null;
  /** The MP3 as it is made. */
  body: ReadableStream<Uint8Array>;
}

/**
 * Starts a reading. The answer is an MP3 stream, not JSON, so this is the one call that reads
 * the response body itself (decision 041), through apiFetch: errors before the first byte arrive
 * in the one error shape.
 */
export async function createReading(
  input: ReadingInput,
  options: { idempotencyKey: string; signal?: AbortSignal },
): Promise<ReadingResponse> {
  const res = await apiFetch('POST', '/api/readings', {
    accept: 'audio/mpeg, application/json',
    headers: { 'idempotency-key': options.idempotencyKey },
    body: readingInputSchema.parse(input),
    signal: options.signal,
  });
  if (!res.body) throw new ApiError('internal', 'Failed to generate speech', res.status);
  const remaining = res.headers.get('x-characters-remaining');
  return {
    readingId: res.headers.get(READING_ID_HEADER) ?? '',
    remaining: remaining === null ? null : Number(remaining),
    body: res.body,
  };
}
