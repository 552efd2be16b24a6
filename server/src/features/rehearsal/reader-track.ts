import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../lib/app-error';

export type TrackPart = { kind: 'audio'; mp3: Buffer } | { kind: 'gap'; seconds: number };

const RATE = 44_100;
const TIMEOUT_MS = 60_000;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });
}

/**
 * One MP3 from the partners' lines and silences for the actor's lines (Debian's sox with its
 * MP3 support): every part is decoded to 44.1 kHz mono WAV, joined, and encoded once at
 * 128 kbps. Files live in a private temporary folder that is removed whatever happens;
 * sox gets file paths only (no shell). Returns each part's length as decoded.
 */
export async function assembleReaderTrack(
  parts: TrackPart[],
): Promise<{ mp3: Buffer; seconds: number[] }> {
  if (parts.length === 0) throw new AppError('invalid-argument', 'The scene has no lines to read');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-track-'));
  try {
    const wavs: string[] = [];
    const seconds: number[] = [];
    for (const [i, part] of parts.entries()) {
      const wav = path.join(dir, `part-${String(i).padStart(4, '0')}.wav`);
      if (part.kind === 'audio') {
        const mp3 = path.join(dir, `part-${i}.mp3`);
        await fs.writeFile(mp3, part.mp3, { mode: 0o600 });
        await run('sox', ['-q', mp3, '-r', String(RATE), '-c', '1', '-b', '16', wav]);
      } else {
        await run('sox', [
          '-q',
          '-n',
          '-r',
          String(RATE),
          '-c',
          '1',
          '-b',
          '16',
          wav,
          'trim',
          '0',
          part.seconds.toFixed(3),
        ]);
      }
      const samples = Number((await run('sox', ['--i', '-s', wav])).trim());
      seconds.push(samples / RATE);
      wavs.push(wav);
    }
    const out = path.join(dir, 'track.mp3');
    await run('sox', ['-q', ...wavs, '-C', '128', out]);
    return { mp3: await fs.readFile(out), seconds };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('internal', 'Could not make the reader track');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
