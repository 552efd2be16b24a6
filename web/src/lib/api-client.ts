import type { ErrorCode } from '@doublecast/common/errors';
import type { z } from 'zod';
import type { paths } from '../api/openapi';
import { takeEarlyResponse } from './early-requests';

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

/** A route template's paths: each `{param}` stands for any text. */
type Filled<T extends string> = T extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : T;

/**
 * A path the server answers with `method`, with or without a query string, from the server's
 * own OpenAPI document (web/src/api/openapi.d.ts, `npm run api:types`): a call to a path the
 * server does not route fails the web build.
 */
export type ApiPath<M extends Method = Method> = {
  [P in keyof paths]: [NonNullable<paths[P][Lowercase<M>]>] extends [never]
    ? never
    : Filled<P> | `${Filled<P>}?${string}`;
}[keyof paths];

/** `path` with `params` as its query string, when there are any. */
export function withQuery<P extends string>(
  path: P,
  params: URLSearchParams,
): P | `${P}?${string}` {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** An API address used outside apiRequest (an audio source, an EventSource), checked alike. */
export const apiUrl = <P extends ApiPath>(path: P): P => path;

const OFFLINE_MESSAGE =
  'You appear to be offline. Please check your internet connection and try again.';

/**
 * Sends one request to the API and returns the response when it is OK; otherwise throws an
 * ApiError from the one error shape (or a network error). Bodies are JSON, which the server's
 * CSRF guard requires. Callers that read a non-JSON body (the
 * streamed MP3 of a reading) use this directly; everything else goes through apiRequest.
 */
export async function apiFetch<M extends Method>(
  method: M,
  path: ApiPath<M>,
  options: {
    body?: unknown;
    accept?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const accept = options.accept ?? 'application/json';
  let res: Response;
  // The first script may already have asked for this read (early-requests.ts).
  const early =
    method === 'GET' && accept === 'application/json' && !options.headers
      ? takeEarlyResponse(path)
      : undefined;
  try {
    res = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          accept,
          // A body is always JSON (the CSRF guard requires it); a body-less call sends no type,
          // since the server refuses an empty body that claims to be JSON.
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('network', OFFLINE_MESSAGE, 0);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/**
 * A schema, or a function that imports it: what the public pages and the layout read passes a
 * loader, so the schema library is fetched beside the request instead of with the page's first
 * scripts (decision 235).
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * The one way the web app calls the server for JSON: cookies included, the answer checked
 * against the shared schema.
 */
export async function apiRequest<T, M extends Method = Method>(
  method: M,
  path: ApiPath<M>,
  options: { body?: unknown; schema?: SchemaSource<T>; signal?: AbortSignal } = {},
): Promise<T> {
  const { schema } = options;
  // The schema's import starts with the request, not after it.
  const loading = typeof schema === 'function' ? schema() : schema;
  const res = await apiFetch(method, path, options);
  const text = await res.text();
  const json: unknown = text ? safeParse(text) : undefined;
  return loading ? (await loading).parse(json) : (json as T);
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const { errorBodySchema } = await import('@doublecast/common/errors');
  const parsed = errorBodySchema.safeParse(text ? safeParse(text) : undefined);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(code, message, res.status, details);
  }
  return new ApiError(
    res.status >= 500 ? 'internal' : 'invalid-argument',
    `Request failed (${res.status})`,
    res.status,
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
