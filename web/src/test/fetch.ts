import { vi } from 'vitest';
import type { ErrorCode } from '@doublecast/common/errors';

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An answer in the one error shape: { error: { code, message } }. */
export function errorResponse(code: ErrorCode, message: string, status: number): Response {
  return jsonResponse({ error: { code, message } }, status);
}

type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces the global fetch with a mock for this test (test/setup.ts restores it after each
 * test). With a handler, each call is answered by it with the URL as a string; without one,
 * the mock answers nothing until the test sets it up (mockResolvedValueOnce, ...).
 */
export function mockFetch(handler?: FetchHandler) {
  // The app always calls fetch(path, init), so calls are typed that way for the assertions.
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    async (url, init) => {
      if (!handler) throw new Error(`Unexpected fetch: ${url}`);
      return handler(String(url), init ?? {});
    },
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
