import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { AppError } from '../../lib/app-error';
import type { SynthesisResult } from './engines/engine';

export interface Pcm {
  sampleRate: number;
  channels: number;
  /** Signed 16-bit little-endian samples. */
  data: Buffer;
}

/**
 * Reads a 16-bit PCM WAV. Streaming writers leave placeholder sizes in the header (espeak and
 * sox write 0x7ffff000, festival writes 0 samples), so the data chunk always runs to the end of
 * the file whatever its header says.
 */
export function parseWav(buf: Buffer): Pcm {
  if (
    buf.length < 44 ||
    buf.toString('ascii', 0, 4) !== 'RIFF' ||
    buf.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new AppError('internal', 'The voice engine produced no audio');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(offset + 10);
      sampleRate = buf.readUInt32LE(offset + 12);
      bits = buf.readUInt16LE(offset + 22);
    } else if (id === 'data') {
      if (bits !== 16 || !sampleRate || !channels)
        throw new AppError('internal', 'The voice engine produced an unexpected audio format');
      const start = offset + 8;
      const end = buf.length;
      const data = buf.subarray(start, start + Math.floor((end - start) / 2) * 2);
      return { sampleRate, channels, data };
    }
    offset += 8 + size + (size % 2);
  }
  throw new AppError('internal', 'The voice engine produced no audio');
}

/** The level every voice is brought to, measured over the frames that carry speech. */
/** lame reading raw 16-bit mono PCM at 44.1 kHz and writing MP3 at 128 kbps (stdin to stdout). */
export const LAME_PCM_TO_MP3_ARGS: readonly string[] = [
  '--quiet',
  '-r',
  '-s',
  '44.1',
  '--bitwidth',
  '16',
  '--signed',
  '--little-endian',
  '-m',
  'm',
  '-b',
  '128',
  '-q',
  '7',
  '-',
  '-',
];

/** sox arguments that read signed 16-bit raw PCM from stdin. */
export function soxRawPcmInput(sampleRate: number, channels: number): string[] {
  return [
    '-q',
    '-t',
    'raw',
    '-r',
    String(sampleRate),
    '-e',
    'signed',
    '-b',
    '16',
    '-c',
    String(channels),
    '-',
  ];
}

/**
 * Engine PCM to what the MP3 path takes: sox applies `effects`, resamples to 44.1 kHz mono, and
 * the speech is levelled.
 */
export async function toSpeechPcm(
  pcm: Pcm,
  effects: string[],
  options: {
    signal?: AbortSignal;
    timeoutMs?: number;
    /** dB above (or below) the level every voice is brought to: a whispered or shouted line. */
    levelDb?: number;
    /** Silence before the speech (a beat or a pause written before the line). */
    silenceBeforeMs?: number;
  },
): Promise<Buffer> {
  const out = await runProgram(
    'sox',
    [
      // Repeatable: dither seeded the same each run, so the same request makes the same bytes
      // (a retried synthesis job continues where the dead worker stopped, decision 242).
      '-R',
      ...soxRawPcmInput(pcm.sampleRate, pcm.channels),
      '-t',
      'raw',
      '-e',
      'signed',
      '-b',
      '16',
      '-c',
      '1',
      '-',
      ...effects,
      'rate',
      '44100',
    ],
    { input: pcm.data, signal: options.signal, timeoutMs: options.timeoutMs },
  );
  levelSpeech(out, TARGET_SPEECH_DBFS + (options.levelDb ?? 0));
  const silence = Math.round(((options.silenceBeforeMs ?? 0) * 44_100) / 1000) * 2;
  return silence > 0 ? Buffer.concat([Buffer.alloc(silence), out]) : out;
}

export const TARGET_SPEECH_DBFS = -20;
const FRAME = 882; // 20 ms at 44.1 kHz
const SILENCE_DBFS = -45;

/** Level of speech in dBFS: RMS over 20 ms frames louder than -45 dBFS (a rough loudness measure). */
export function speechLevelDb(samples: Int16Array): number | null {
  let sum = 0;
  let count = 0;
  const floor = 10 ** (SILENCE_DBFS / 20) * 32768;
  for (let start = 0; start < samples.length; start += FRAME) {
    const end = Math.min(samples.length, start + FRAME);
    let frameSum = 0;
    for (let i = start; i < end; i++) frameSum += samples[i]! * samples[i]!;
    if (Math.sqrt(frameSum / (end - start)) >= floor) {
      sum += frameSum;
      count += end - start;
    }
  }
  if (count === 0) return null;
  return 20 * Math.log10(Math.sqrt(sum / count) / 32768);
}

/**
 * Loudness levelling (not peak normalising): scales the speech to `targetDbfs` and
 * passes peaks through a soft-knee limiter, so no voice is much louder than another and none
 * clips. Works in place on 16-bit mono PCM.
 */
export function levelSpeech(data: Buffer, targetDbfs = TARGET_SPEECH_DBFS): void {
  const samples = new Int16Array(data.buffer, data.byteOffset, data.length / 2);
  const level = speechLevelDb(samples);
  if (level === null) return;
  const gain = Math.min(30, Math.max(0.01, 10 ** ((targetDbfs - level) / 20)));
  const knee = 0.7;
  const room = 0.29;
  for (let i = 0; i < samples.length; i++) {
    let x = (samples[i]! / 32768) * gain;
    const a = Math.abs(x);
    if (a > knee) x = Math.sign(x) * (knee + room * Math.tanh((a - knee) / room));
    samples[i] = Math.round(x * 32767);
  }
}

export interface RunOptions {
  input?: Buffer | string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Runs a program without a shell and returns its stdout. Only fixed, catalogue-derived
 * arguments are ever passed; text goes through stdin or files.
 */
export function runProgram(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError());
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ? { ...minimalEnv(), ...options.env } : minimalEnv(),
    });
    const out: Buffer[] = [];
    let err = '';
    let settled = false;
    const finish = (e: Error | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (e) reject(e);
      else resolve(value!);
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(abortError());
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new AppError('unavailable', 'Voice synthesis timed out. Please try again.'));
    }, options.timeoutMs ?? 120_000);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 2000) err += d.toString();
    });
    child.on('error', (e) =>
      finish(
        new AppError('unavailable', `Voice engine ${command} could not start`, {
          cause: e.message,
        }),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) finish(null, Buffer.concat(out));
      else
        finish(
          new AppError('internal', `Voice engine ${command} failed`, {
            code,
            stderr: err.slice(0, 500),
          }),
        );
    });
    child.stdin.on('error', () => {
      /* the program exited before reading all its input; its exit code tells what happened */
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * The offline engines' MP3 path: pieces of levelled 44.1 kHz mono 16-bit PCM, each rendered while
 * the one before is encoded (first sentence first, so audio starts quickly), go in order through
 * one lame process into a single 128 kbps MP3 stream. A reader that goes away stops the work.
 */
export function encodePiecesToMp3(options: {
  count: number;
  render: (index: number, signal: AbortSignal) => Promise<Buffer>;
  signal?: AbortSignal;
  modelId: string;
  cleanUp?: () => Promise<void>;
}): SynthesisResult {
  const audio = new PassThrough();
  const controller = new AbortController();
  const signal = controller.signal;
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const lame = spawn('lame', [...LAME_PCM_TO_MP3_ARGS], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lameExit = new Promise<number | null>((resolve, reject) => {
    lame.on('error', (e) =>
      reject(new AppError('unavailable', 'The MP3 encoder could not start', { cause: e.message })),
    );
    lame.on('close', resolve);
  });
  lame.stdout.pipe(audio, { end: false });
  lame.stdin.on('error', () => {
    /* lame died; its exit code reports it */
  });

  const run = async () => {
    try {
      let next: Promise<Buffer> = options.render(0, signal);
      for (let i = 0; i < options.count; i++) {
        const pcm = await next;
        if (i + 1 < options.count) {
          next = options.render(i + 1, signal);
          next.catch(() => undefined);
        }
        if (signal.aborted) throw abortError();
        if (!lame.stdin.write(pcm)) await new Promise<void>((r) => lame.stdin.once('drain', r));
      }
      lame.stdin.end();
      const code = await lameExit;
      if (code !== 0) throw new AppError('internal', 'The MP3 encoder failed');
      await new Promise<void>((r) =>
        lame.stdout.readableEnded ? r() : lame.stdout.once('end', r),
      );
      audio.end();
      return { providerRequestId: null, credits: null, modelId: options.modelId };
    } catch (e) {
      controller.abort();
      lame.kill('SIGKILL');
      audio.destroy(e as Error);
      throw e;
    } finally {
      options.signal?.removeEventListener('abort', onOuterAbort);
      await options.cleanUp?.();
    }
  };
  const done = run();
  done.catch(() => undefined);
  audio.on('close', () => {
    // The reader went away before the end: stop the work.
    if (!audio.writableEnded) controller.abort();
  });
  return { audio, done };
}

export function abortError(): AppError {
  return new AppError('aborted', 'Voice synthesis was cancelled');
}

/** Engines get a clean environment: no secrets from ours, only what they need to run. */
function minimalEnv(): Record<string, string> {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp' };
}
