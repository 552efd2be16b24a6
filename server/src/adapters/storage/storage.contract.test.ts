import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createStorage } from './create-storage';
import { createLocalStorage } from './local-storage';
import { parseS3Url } from './s3-storage';
import type { StoragePort } from './storage.types';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: StoragePort, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

async function put(storage: StoragePort, key: string, data: Buffer, chunk = 1000) {
  const writer = await storage.openWriter(key);
  for (let i = 0; i < data.length; i += chunk) await writer.write(data.subarray(i, i + chunk));
  return writer.end();
}

let s3: TestS3Server;
let dir: string;
const made: StoragePort[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-storage-'));
});
afterAll(async () => {
  for (const storage of made) storage.close?.();
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Both stores as the server makes them from its settings (STORAGE_URL or DATA_DIR). */
const stores: [string, (name: string) => StoragePort][] = [
  ['local disk', (name) => createStorage(parseEnv({ DATA_DIR: path.join(dir, name) }))],
  ['S3 (s3rver, AWS SDK v3)', (name) => createStorage(parseEnv(s3.env(`tests/${name}`)))],
];

describe.each(stores)('storage contract: %s', (label, make) => {
  let storage: StoragePort;
  beforeAll(() => {
    storage = make(label.replace(/\W+/g, '-'));
    made.push(storage);
  });

  it('writes an object as chunks arrive and shows it only once it is complete', async () => {
    const data = randomBytes(10_000);
    const writer = await storage.openWriter('users/u1/generations/a.mp3');
    await writer.write(data.subarray(0, 4000));
    expect(await storage.stat('users/u1/generations/a.mp3')).toBeNull();
    expect(await storage.read('users/u1/generations/a.mp3')).toBeNull();
    await writer.write(data.subarray(4000));
    expect(await writer.end()).toEqual({ bytes: 10_000 });
    expect(await storage.stat('users/u1/generations/a.mp3')).toEqual({ size: 10_000 });
    const whole = (await storage.read('users/u1/generations/a.mp3'))!;
    expect(whole.size).toBe(10_000);
    expect((await bytesOf(whole.stream)).equals(data)).toBe(true);
  });

  it('answers a byte range with exactly those bytes and the whole size', async () => {
    const data = randomBytes(5000);
    await put(storage, 'users/u1/generations/range.mp3', data);
    for (const range of [
      { start: 0, end: 0 },
      { start: 100, end: 1099 },
      { start: 4000, end: 4999 },
    ]) {
      const part = (await storage.read('users/u1/generations/range.mp3', range))!;
      expect(part.size).toBe(5000);
      expect((await bytesOf(part.stream)).equals(data.subarray(range.start, range.end + 1))).toBe(
        true,
      );
    }
  });

  it('streams an object larger than one upload part (multipart) through unchanged', async () => {
    // 6 MiB in 64 KiB writes: more than S3's 5 MiB part, so the S3 store uploads in parts.
    const data = randomBytes(6 * 1024 * 1024);
    expect(await put(storage, 'users/u2/generations/long.mp3', data, 64 * 1024)).toEqual({
      bytes: data.length,
    });
    const read = (await storage.read('users/u2/generations/long.mp3'))!;
    let chunks = 0;
    const hash = createHash('sha256');
    for await (const chunk of read.stream) {
      chunks++;
      hash.update(chunk as Buffer);
    }
    // It arrives in pieces, not as one buffer of the whole file.
    expect(chunks).toBeGreaterThan(1);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('keeps nothing of an aborted write', async () => {
    const writer = await storage.openWriter('users/u3/generations/gone.mp3');
    await writer.write(randomBytes(3000));
    await writer.abort();
    expect(await storage.stat('users/u3/generations/gone.mp3')).toBeNull();
    expect(await keysOf(storage, 'users/u3/')).toEqual([]);
  });

  it('lists by prefix with keys relative to the store, and deletes (twice is fine)', async () => {
    await put(storage, 'users/u4/generations/one.mp3', Buffer.from('one'));
    await put(storage, 'users/u4/generations/two.mp3', Buffer.from('twotwo'));
    await put(storage, 'users/u44/generations/other.mp3', Buffer.from('x'));
    const listed: { key: string; size: number; modifiedAt: Date }[] = [];
    for await (const object of storage.list('users/u4/')) listed.push(object);
    expect(listed.map((o) => [o.key, o.size]).sort()).toEqual([
      ['users/u4/generations/one.mp3', 3],
      ['users/u4/generations/two.mp3', 6],
    ]);
    expect(listed.every((o) => Math.abs(o.modifiedAt.getTime() - Date.now()) < 60_000)).toBe(true);
    await storage.delete('users/u4/generations/one.mp3');
    await storage.delete('users/u4/generations/one.mp3');
    expect(await keysOf(storage, 'users/u4/')).toEqual(['users/u4/generations/two.mp3']);
    expect(await storage.read('users/u4/generations/one.mp3')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../escape.mp3', '/abs.mp3', 'users/../../x.mp3', 'users//x', '']) {
      await expect(storage.openWriter(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.read(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('S3 store specifics', () => {
  it('reads the bucket and prefix from STORAGE_URL and refuses malformed ones', () => {
    expect(parseS3Url('s3://audio-bucket')).toEqual({ bucket: 'audio-bucket', prefix: '' });
    expect(parseS3Url('s3://audio-bucket/prod/audio/')).toEqual({
      bucket: 'audio-bucket',
      prefix: 'prod/audio/',
    });
    expect(() => parseS3Url('s3://Bad_Bucket')).toThrow(/Invalid S3 address/);
    expect(() => parseS3Url('s3://bucket/../x')).toThrow(/Invalid S3 key prefix/);
    expect(() => parseEnv({ STORAGE_URL: 'https://bucket' })).toThrow(/STORAGE_URL/);
    expect(() => parseEnv({ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /set both or neither/,
    );
    expect(createLocalStorage(dir).downloadUrl).toBeUndefined();
  });

  it('keeps each prefix to itself in one bucket', async () => {
    const a = createStorage(parseEnv(s3.env('tenant-a')));
    const b = createStorage(parseEnv(s3.env('tenant-b')));
    made.push(a, b);
    expect(a.location).toBe(`s3://${s3.bucket}/tenant-a/`);
    await put(a, 'users/u/generations/x.mp3', Buffer.from('from a'));
    expect(await b.stat('users/u/generations/x.mp3')).toBeNull();
    expect(await keysOf(b, 'users/')).toEqual([]);
    expect(await keysOf(a, 'users/')).toEqual(['users/u/generations/x.mp3']);
  });

  it('sends the byte range to the service instead of cutting it from the whole object', async () => {
    const storage = createStorage(parseEnv(s3.env('ranges')));
    made.push(storage);
    await put(storage, 'users/u/generations/r.mp3', randomBytes(4096));
    s3.requests.length = 0;
    const part = (await storage.read('users/u/generations/r.mp3', { start: 10, end: 19 }))!;
    expect((await bytesOf(part.stream)).length).toBe(10);
    expect(s3.requests).toEqual([expect.objectContaining({ method: 'GET', range: 'bytes=10-19' })]);
  });

  it('makes a writer wait while the service is behind, instead of holding the bytes in memory', async () => {
    const storage = createStorage(parseEnv(s3.env('backpressure')));
    made.push(storage);
    const chunk = randomBytes(1024 * 1024);
    const total = 40;
    const release = s3.stall();
    const writer = await storage.openWriter('users/u/generations/slow.mp3');
    let accepted = 0;
    let waiting: Promise<void> | null = null;
    while (accepted < total) {
      const write = writer.write(chunk);
      const took = await Promise.race([
        write.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
      ]);
      accepted++;
      if (!took) {
        waiting = write;
        break;
      }
    }
    // Two 5 MiB parts in flight and the one being filled, not the whole 40 MiB.
    expect(waiting).not.toBeNull();
    expect(accepted).toBeLessThan(24);
    release();
    await waiting;
    while (accepted < total) {
      await writer.write(chunk);
      accepted++;
    }
    expect(await writer.end()).toEqual({ bytes: total * chunk.length });
    expect(await storage.stat('users/u/generations/slow.mp3')).toEqual({
      size: total * chunk.length,
    });
  }, 60_000);

  it('presigns short-lived download addresses with the file name when asked to', async () => {
    const plain = createStorage(parseEnv(s3.env('presign')));
    const presigning = createStorage(
      parseEnv({ ...s3.env('presign'), S3_PRESIGNED_DOWNLOAD_SECONDS: '120' }),
    );
    made.push(plain, presigning);
    expect(plain.downloadUrl).toBeUndefined();
    await put(presigning, 'users/u/generations/d.mp3', Buffer.from('ID3 audio bytes'));
    const url = await presigning.downloadUrl!('users/u/generations/d.mp3', {
      fileName: 'reading.mp3',
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('120');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="reading.mp3"');
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(await res.text()).toBe('ID3 audio bytes');
  });
});
