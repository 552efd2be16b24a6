import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createAudioCache } from './audio-cache';

describe('audio cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-audio-cache-'));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an entry opened before it was removed or replaced, whole and by range', async () => {
    const cache = createAudioCache(dir);
    const key = cache.keyFor({ text: 'hello' });
    await cache.write(key, Buffer.from('first audio'));
    const whole = (await cache.open(key))!;
    const part = (await cache.open(key))!;
    const unread = (await cache.open(key))!;
    // A fresh preview removes the entry, then writes the new one in its place.
    await cache.remove(key);
    await cache.write(key, Buffer.from('second, longer audio'));
    expect(whole.size).toBe(11);
    expect(await text(whole.read())).toBe('first audio');
    expect(await text(part.read({ start: 0, end: 4 }))).toBe('first');
    await unread.close();
    expect(await text((await cache.open(key))!.read())).toBe('second, longer audio');
    expect(await cache.open(cache.keyFor({ text: 'never made' }))).toBeNull();
  });
});
