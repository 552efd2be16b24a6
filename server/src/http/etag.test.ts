import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('ETags on public JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 304 to a matching If-None-Match and 200 otherwise', async () => {
    const first = await t.request({ method: 'GET', url: '/api/plans' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.request({
      method: 'GET',
      url: '/api/plans',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.request({
      method: 'GET',
      url: '/api/plans',
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('never tags private answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/session' });
    expect(res.headers.etag).toBeUndefined();
  });
});
