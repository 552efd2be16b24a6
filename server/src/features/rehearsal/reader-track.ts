import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  READER_TRACK_MAX_SECONDS,
  READER_TRACK_TOO_LONG_MESSAGE,
} from '@doublecast/common/rehearsal';
import { AppError } from '../../lib/app-error';

/** A partner line's MP3 (a file in the track's folder), or a silence for the actor's line. */
export type TrackPart = { kind: 'audio'; file: string } | { kind: 'gap'; seconds: number };

const RATE = 44_100;
const TIMEOUT_MS = 60_000;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });
}

/** A private temporary folder for one track's files; `remove` deletes it whatever it holds. */
export async function openTrackFolder(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-track-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/**
 * One MP3 from the partners' lines and silences for the actor's lines (Debian's sox with its
 * MP3 support): every part is decoded to 44.1 kHz mono WAV, joined, and encoded once at
 * 128 kbps, in `dir`, on disk (never in memory). sox gets file paths only (no shell). The
 * track stops with invalid-argument as soon as its parts pass READER_TRACK_MAX_SECONDS. Run it
 * inside a worker-pool slot. Returns the MP3's path and each part's length as decoded.
 */
export async function assembleReaderTrack(
  dir: string,
  parts: TrackPart[],
): Promise<{ file: string; seconds: number[] }> {
  if (parts.length === 0) throw new AppError('invalid-argument', 'The scene has no lines to read');
  try {
    const wavs: string[] = [];
    const seconds: number[] = [];
    let total = 0;
    for (const [i, part] of parts.entries()) {
      const wav = path.join(dir, `part-${String(i).padStart(4, '0')}.wav`);
      if (part.kind === 'audio') {
        await run('sox', ['-q', part.file, '-r', String(RATE), '-c', '1', '-b', '16', wav]);
      } else {
        const gap = Math.min(part.seconds, READER_TRACK_MAX_SECONDS);
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
          gap.toFixed(3),
        ]);
      }
      const samples = Number((await run('sox', ['--i', '-s', wav])).trim());
      seconds.push(samples / RATE);
      total += samples / RATE;
      if (total > READER_TRACK_MAX_SECONDS)
        throw new AppError('invalid-argument', READER_TRACK_TOO_LONG_MESSAGE);
      wavs.push(wav);
    }
    const out = path.join(dir, 'track.mp3');
    await run('sox', ['-q', ...wavs, '-C', '128', out]);
    return { file: out, seconds };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('internal', 'Could not make the reader track');
  }
}
