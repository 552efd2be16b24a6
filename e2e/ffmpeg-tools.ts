import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Reading recorded media with Debian's ffmpeg and ffprobe (scripts/setup.sh --test installs
 * them), spawned without a shell.
 */

const run = promisify(execFile);
/** Enough for a 15-minute take decoded to mono 32-bit floats at 48 kHz. */
const MAX_BUFFER = 256 << 20;
export const PCM_RATE = 48_000;
/** The windows a level is measured over: 20 ms, as the page measures. */
export const WINDOW_S = 0.02;

/** The kinds of the streams in a file ('video', 'audio'), in order, and their codecs. */
export async function streamsOf(file: string): Promise<{ type: string; codec: string }[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file],
  ]);
  const parsed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[] };
  return parsed.streams.map((s) => ({ type: s.codec_type, codec: s.codec_name }));
}

/** How many pictures the first video stream decodes to. */
export async function videoFrames(file: string): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
      ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
    ],
    { maxBuffer: MAX_BUFFER },
  );
  return Number(stdout.trim());
}

/**
 * The first audio stream's first channel decoded to 48 kHz floats, through the ffmpeg audio
 * filters `filters` (e.g. 'bandpass=f=1000'), if any.
 */
export async function decodeAudio(file: string, filters: string[] = []): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-nostdin', '-i', file, '-map', '0:a:0', '-vn', '-sn'],
      ...['-af', ['pan=mono|c0=c0', ...filters].join(','), '-ar', String(PCM_RATE)],
      ...['-f', 'f32le', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: MAX_BUFFER },
  );
  const bytes = new Uint8Array(stdout.byteLength);
  bytes.set(stdout);
  return new Float32Array(bytes.buffer);
}

/** The mean square of each 20 ms window of `samples`. */
export function windowPowers(samples: Float32Array): number[] {
  const size = Math.round(PCM_RATE * WINDOW_S);
  const out: number[] = [];
  for (let i = 0; i + size <= samples.length; i += size) {
    let sum = 0;
    for (let k = i; k < i + size; k++) sum += samples[k]! * samples[k]!;
    out.push(sum / size);
  }
  return out;
}

/**
 * Where the windows `part` (a clip's, as a mask of which windows hold sound) sit best in the
 * windows `whole`: the offset (in windows) with the most windows sounding in both less those
 * sounding in one only, and the share of the clip's sounding windows matched there.
 */
export function locate(whole: boolean[], part: boolean[]): { offset: number; matched: number } {
  const sounding = part.filter(Boolean).length;
  let best = { offset: 0, score: -Infinity, both: 0 };
  for (let offset = 0; offset + part.length <= whole.length; offset++) {
    let both = 0;
    let one = 0;
    for (let i = 0; i < part.length; i++) {
      if (part[i] && whole[offset + i]) both++;
      else if (part[i] !== whole[offset + i]) one++;
    }
    if (both - one > best.score) best = { offset, score: both - one, both };
  }
  return { offset: best.offset, matched: sounding === 0 ? 0 : best.both / sounding };
}
