import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, withQuery, type ApiPath } from './api-client';

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(response: Response) {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      return response;
    });
    return calls;
  }

  it('sends a JSON body with a JSON content type', async () => {
    const calls = stubFetch(new Response('{"ok":true}', { status: 200 }));
    expect(await apiRequest('POST', '/api/scripts', { body: { a: 1 } })).toEqual({ ok: true });
    expect(calls[0]?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(calls[0]?.body).toBe('{"a":1}');
  });

  it('sends a body-less DELETE without a content type (the server refuses empty JSON)', async () => {
    const calls = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/scripts/1');
    expect(calls[0]?.headers).not.toHaveProperty('content-type');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('turns the one error shape into an ApiError with its code and message', async () => {
    stubFetch(
      new Response('{"error":{"code":"not-found","message":"Script not found"}}', { status: 404 }),
    );
    await expect(apiRequest('GET', '/api/scripts/x')).rejects.toMatchObject({
      code: 'not-found',
      message: 'Script not found',
      status: 404,
    });
  });

  it('reports a network failure as offline', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('GET', '/api/usage').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('network');
  });

  it('takes only paths the server routes, for their methods (tsc checks the calls)', () => {
    const routed: ApiPath<'GET'>[] = ['/api/usage', '/api/scripts/s1', '/api/scripts?cursor=c'];
    // @ts-expect-error the server has no such route
    const unrouted: ApiPath = '/api/nope';
    // @ts-expect-error /api/usage answers GET only
    const wrongMethod: ApiPath<'DELETE'> = '/api/usage';
    expect(withQuery('/api/scripts', new URLSearchParams({ cursor: 'c' }))).toBe(routed[2]);
    expect(withQuery('/api/scripts', new URLSearchParams())).toBe('/api/scripts');
    expect([unrouted, wrongMethod]).toEqual(['/api/nope', '/api/usage']);
  });
});
