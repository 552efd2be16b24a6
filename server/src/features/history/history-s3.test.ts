import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingListSchema } from '@doublecast/common/studio';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createFakeSynthesis } from '../../test/fake-synthesis';
import { FRAME_SECONDS } from '../../test/fixtures/mp3';

/** Studio readings kept in an S3-compatible bucket (STORAGE_URL), played and downloaded. */
describe('studio readings on S3 storage', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let presigning: TestApp;
  const voice = createFakeSynthesis({ frames: 300 });
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env('app'), synthesis: voice });
    presigning = await createTestApp({
      env: { ...s3.env('presigned'), S3_PRESIGNED_DOWNLOAD_SECONDS: '60' },
      synthesis: voice,
    });
  });
  afterAll(async () => {
    await t.close();
    await presigning.close();
    await s3.close();
  });

  const makeReading = async (app: TestApp, user: TestUser) => {
    const res = await app.request({
      method: 'POST',
      url: '/api/readings',
      payload: { voiceId: 'v-ava', text: 'Out, out, brief candle.' },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(voice.bytes())).toBe(true);
    const items = readingListSchema.parse(
      (await app.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json(),
    ).generations;
    expect(items).toHaveLength(1);
    return { item: items[0]!, bytes: voice.bytes() };
  };

  it('stores the reading in the bucket, reads its duration from there, and plays byte ranges', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const { item, bytes } = await makeReading(t, user);
    expect(item.duration).toBeCloseTo(300 * FRAME_SECONDS, 2);
    const keys: string[] = [];
    for await (const object of t.ctx.storage.list(`users/${user.id}/`)) keys.push(object.key);
    expect(keys).toEqual([expect.stringMatching(/^users\/.+\/generations\/generation_.+\.mp3$/)]);

    const whole = await t.request({ method: 'GET', url: item.audioUrl, cookie: user.cookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    s3.requests.length = 0;
    const part = await t.request({
      method: 'GET',
      url: item.audioUrl,
      cookie: user.cookie,
      headers: { range: 'bytes=1000-' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-${bytes.length - 1}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000))).toBe(true);
    // The range went to the bucket as asked (after a HEAD for the size), not cut by the server.
    expect(s3.requests.map((r) => [r.method, r.range])).toEqual([
      ['HEAD', undefined],
      ['GET', `bytes=1000-${bytes.length - 1}`],
    ]);
    const past = await t.request({
      method: 'GET',
      url: item.audioUrl,
      cookie: user.cookie,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(past.statusCode).toBe(416);

    // Downloads go through the server when presigning is off.
    const download = await t.request({
      method: 'GET',
      url: `${item.audioUrl}?download=1`,
      cookie: user.cookie,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mp3"$/);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // Another user gets nothing.
    const other = await createUser(t, { tier: 'paid' });
    expect(
      (await t.request({ method: 'GET', url: item.audioUrl, cookie: other.cookie })).statusCode,
    ).toBe(404);
  });

  it('answers a download with a short-lived presigned bucket address for the owner only', async () => {
    const user = await createUser(presigning, { tier: 'paid' });
    const { item, bytes } = await makeReading(presigning, user);
    const res = await presigning.request({
      method: 'GET',
      url: `${item.audioUrl}?download=1`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const fetched = await fetch(url);
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.mp3"$/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    // Playback still streams through the server (ranges, same origin).
    const play = await presigning.request({
      method: 'GET',
      url: item.audioUrl,
      cookie: user.cookie,
    });
    expect(play.statusCode).toBe(200);
    const other = await createUser(presigning, { tier: 'paid' });
    const theirs = await presigning.request({
      method: 'GET',
      url: `${item.audioUrl}?download=1`,
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
