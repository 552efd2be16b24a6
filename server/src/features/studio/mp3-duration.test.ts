import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp3DurationSeconds } from './mp3-duration';
import { FRAME_SECONDS, silentMp3 } from './mp3-fixture';

describe('MP3 duration from frames', () => {
  it.each([1, 38, 383, 2000])('counts %i frames', (frames) => {
    expect(mp3DurationSeconds(silentMp3(frames))).toBeCloseTo(frames * FRAME_SECONDS, 3);
  });

  it('skips an ID3v2 tag and an ID3v1 tag', () => {
    const id3 = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x14', 'latin1'),
      Buffer.alloc(20, 0x41),
    ]);
    const v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125, 0x20)]);
    expect(mp3DurationSeconds(Buffer.concat([id3, silentMp3(100), v1]))).toBeCloseTo(
      100 * FRAME_SECONDS,
      3,
    );
  });

  it('answers null for something that is not an MP3', () => {
    expect(mp3DurationSeconds(Buffer.from('<html>not audio</html>'))).toBeNull();
    expect(mp3DurationSeconds(Buffer.alloc(0))).toBeNull();
  });

  it('reads the length of a file made by lame (Info frame) and of its stream (no Info frame)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp3-'));
    try {
      const wav = path.join(dir, 'a.wav');
      execFileSync('sox', ['-n', '-r', '44100', '-c', '1', wav, 'synth', '2.5', 'sine', '440']);
      const file = path.join(dir, 'a.mp3');
      execFileSync('lame', ['--quiet', '-b', '128', wav, file]);
      const fromFile = mp3DurationSeconds(fs.readFileSync(file))!;
      expect(fromFile).toBeGreaterThan(2.49);
      expect(fromFile).toBeLessThan(2.6);
      const piped = execFileSync('lame', ['--quiet', '-b', '128', '-', '-'], {
        input: fs.readFileSync(wav),
      });
      const fromStream = mp3DurationSeconds(piped)!;
      expect(fromStream).toBeGreaterThan(2.49);
      expect(fromStream).toBeLessThan(2.6);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
