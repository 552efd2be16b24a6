import { errorBodySchema, type ErrorCode } from '@doublecast/common/errors';
import type { z } from 'zod';

/** An error answered by the API in the one error shape, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the web app calls the server: JSON in and out, cookies included, the answer
 * checked against the shared schema. Non-GET calls always send a JSON content type, which the
 * server's CSRF guard requires.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: { body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        method === 'GET'
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
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
  const text = await res.text();
  const json: unknown = text ? safeParse(text) : undefined;
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) {
      throw new ApiError(
        parsed.data.error.code,
        parsed.data.error.message,
        res.status,
        parsed.data.error.details,
      );
    }
    throw new ApiError(
      res.status >= 500 ? 'internal' : 'invalid-argument',
      `Request failed (${res.status})`,
      res.status,
    );
  }
  return options.schema ? options.schema.parse(json) : (json as T);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
