import { Readable } from 'node:stream';
import type {
  SynthesisPort,
  SynthesizeOptions,
  VoiceSummary,
} from '../features/voices/synthesis.types';
import { silentMp3 } from './fixtures/mp3';

export interface FakeSynthesisOptions {
  /** MP3 frames to produce (about 26 ms each). */
  frames?: number;
  /** Frames per chunk. */
  framesPerChunk?: number;
  /** Pause between chunks. */
  chunkDelayMs?: number;
  /** Throw from synthesize() itself. */
  failAtStart?: boolean;
  /** Error the stream after this many chunks (0: before the first byte). */
  failAfterChunks?: number;
  /** Only this call (0-based) fails, after `failAfterChunks` chunks (default 0); others succeed. */
  failOnCall?: number;
  /** Holds the stream after the first chunk until release() is called. */
  holdAfterFirst?: boolean;
  /** Holds the stream before its first chunk until release() is called. */
  holdBeforeFirst?: boolean;
}

export interface FakeSynthesis extends SynthesisPort {
  calls: SynthesizeOptions[];
  /** Aborted signals seen by the engine. */
  aborted: number;
  release(): void;
  /** The exact bytes a full reading produces. */
  bytes(): Buffer;
}

/**
 * A stand-in for the voices feature's synthesis service in Studio tests and the benchmark: valid
 * silent MP3, chunked, with controllable pauses and failures.
 */
export function createFakeSynthesis(options: FakeSynthesisOptions = {}): FakeSynthesis {
  const frames = options.frames ?? 120;
  const perChunk = options.framesPerChunk ?? 10;
  const audio = silentMp3(frames);
  const frameLength = audio.length / frames;
  let releaseHold: (() => void) | null = null;
  const held = new Promise<void>((resolve) => (releaseHold = resolve));
  const fake: FakeSynthesis = {
    calls: [],
    aborted: 0,
    release: () => releaseHold?.(),
    bytes: () => audio,
    async synthesize(call) {
      const callIndex = fake.calls.push(call) - 1;
      const failAt =
        options.failOnCall === undefined
          ? options.failAfterChunks
          : callIndex === options.failOnCall
            ? (options.failAfterChunks ?? 0)
            : undefined;
      if (options.failAtStart) throw new Error('engine exploded');
      const voice: VoiceSummary = {
        id: call.voiceId,
        name: `Voice ${call.voiceId}`,
        gender: 'female',
        accent: 'american',
        age: 'young',
      };
      let finish!: (v: { bytes: number }) => void;
      let fail!: (e: Error) => void;
      const done = new Promise<{ bytes: number }>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      done.catch(() => undefined);
      call.signal?.addEventListener('abort', () => fake.aborted++, { once: true });
      async function* chunks() {
        let sent = 0;
        let index = 0;
        if (options.holdBeforeFirst) await held;
        while (sent < audio.length) {
          if (call.signal?.aborted) throw new Error('aborted');
          if (failAt !== undefined && index >= failAt) {
            const err = new Error('engine failed mid-stream');
            fail(err);
            throw err;
          }
          const end = Math.min(audio.length, sent + Math.round(perChunk * frameLength));
          yield audio.subarray(sent, end);
          sent = end;
          index++;
          if (index === 1 && options.holdAfterFirst) await held;
          if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
        }
        finish({ bytes: audio.length });
      }
      return { voice, audio: Readable.from(chunks(), { objectMode: false }), cached: false, done };
    },
  };
  return fake;
}

/** A voice whose n-th synthesis is made by the n-th of `takes` (for readings of known sizes). */
export function synthesisInTurn(takes: readonly SynthesisPort[]): SynthesisPort {
  let next = 0;
  return {
    synthesize(call) {
      const take = takes[next++];
      if (!take) throw new Error(`only ${takes.length} syntheses were expected`);
      return take.synthesize(call);
    },
  };
}
