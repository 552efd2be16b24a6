import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { speechLevelDb } from '../features/voices/audio';

/**
 * An MP3 as heard (tests of directions and takes): its length, its level over the whole and over
 * speech, decoded with sox to 16-bit mono at 44.1 kHz.
 */
export function measureMp3(mp3: Buffer): { seconds: number; rmsDb: number; speechDb: number } {
  const file = path.join(os.tmpdir(), `dc-measure-${process.pid}-${Math.random()}.mp3`);
  fs.writeFileSync(file, mp3);
  try {
    const raw = execFileSync(
      'sox',
      ['-q', file, '-t', 'raw', '-e', 'signed', '-b', '16', '-c', '1', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const samples = new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
    let sum = 0;
    for (const s of samples) sum += s * s;
    return {
      seconds: samples.length / 44_100,
      rmsDb: 10 * Math.log10(sum / samples.length / 32768 ** 2),
      speechDb: speechLevelDb(samples)!,
    };
  } finally {
    fs.rmSync(file);
  }
}
