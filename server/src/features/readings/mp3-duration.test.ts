import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { mp3DurationSeconds, mp3StreamDurationSeconds } from './mp3-duration';
import { FRAME_SECONDS, silentMp3 } from '../../test/fixtures/mp3';

describe('MP3 duration from frames', () => {
  it.each([4, 38, 383, 2000])('counts %i frames', async (frames) => {
    expect(await mp3DurationSeconds(silentMp3(frames))).toBeCloseTo(frames * FRAME_SECONDS, 3);
  });

  it('reads the same length from a stream in small chunks, and null from an empty one', async () => {
    const mp3 = silentMp3(383);
    const chunks = Array.from({ length: Math.ceil(mp3.length / 1000) }, (_, i) =>
      mp3.subarray(i * 1000, (i + 1) * 1000),
    );
    const seconds = await mp3StreamDurationSeconds(
      Readable.from(chunks, { objectMode: false }),
      mp3.length,
    );
    expect(seconds).toBeCloseTo(383 * FRAME_SECONDS, 3);
    expect(await mp3StreamDurationSeconds(Readable.from([], { objectMode: false }), 0)).toBeNull();
  });

  it('skips an ID3v2 tag and an ID3v1 tag', async () => {
    const id3 = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x14', 'latin1'),
      Buffer.alloc(20, 0x41),
    ]);
    const v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)]);
    expect(await mp3DurationSeconds(Buffer.concat([id3, silentMp3(100), v1]))).toBeCloseTo(
      100 * FRAME_SECONDS,
      3,
    );
  });

  it('answers null below 4 frames (0.1 s): too short to confirm it is MP3', async () => {
    for (const frames of [1, 2, 3]) expect(await mp3DurationSeconds(silentMp3(frames))).toBeNull();
  });

  it('answers null for something that is not an MP3', async () => {
    expect(await mp3DurationSeconds(Buffer.from('<html>not audio</html>'))).toBeNull();
    expect(await mp3DurationSeconds(Buffer.alloc(0))).toBeNull();
  });

  it('reads the length of a file made by lame (Info frame) and of its stream (no Info frame)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp3-'));
    try {
      const wav = path.join(dir, 'a.wav');
      execFileSync('sox', ['-n', '-r', '44100', '-c', '1', wav, 'synth', '2.5', 'sine', '440']);
      const file = path.join(dir, 'a.mp3');
      execFileSync('lame', ['--quiet', '-b', '128', wav, file]);
      const fromFile = (await mp3DurationSeconds(fs.readFileSync(file)))!;
      expect(fromFile).toBeGreaterThan(2.49);
      expect(fromFile).toBeLessThan(2.6);
      const piped = execFileSync('lame', ['--quiet', '-b', '128', '-', '-'], {
        input: fs.readFileSync(wav),
      });
      const fromStream = (await mp3DurationSeconds(piped))!;
      expect(fromStream).toBeGreaterThan(2.49);
      expect(fromStream).toBeLessThan(2.6);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
