import { Readable } from 'node:stream';
import { AppError } from '../lib/app-error';
import type { VoiceEngine } from '../features/voices/engines/engine';
import { FAKE_VOICES } from './fake-voice-engine';

export interface PacedEngineOptions {
  /** Chunks per synthesis. */
  chunks: number;
  /** Milliseconds between chunks. */
  chunkMs: number;
  /** Each process makes different bytes (an engine that never makes the same audio twice). */
  varying?: boolean;
}

/** The bytes the paced engine makes for one text (when not `varying`). */
export function pacedAudio(providerVoiceId: string, text: string, chunks: number): Buffer {
  return Buffer.concat(
    Array.from({ length: chunks }, (_, i) => pacedChunk(providerVoiceId, text, i, '')),
  );
}

function pacedChunk(voice: string, text: string, i: number, salt: string): Buffer {
  return Buffer.from(`[${voice}|${text}|${i}${salt}]`.padEnd(600, '.'));
}

/**
 * A voice engine for queue tests: the fake engine's catalogue, name and version (so a test app's
 * createFakeVoiceEngine() agrees with it), answering with `chunks` deterministic chunks paced
 * `chunkMs` apart, so a worker can be killed or a caller hang up mid-job.
 */
export function createPacedEngine(options: PacedEngineOptions): VoiceEngine {
  const salt = options.varying ? `|${process.pid}` : '';
  return {
    name: 'local',
    version: 'fake-1',
    async listVoices() {
      return FAKE_VOICES;
    },
    async synthesize(request) {
      let i = 0;
      let timer: NodeJS.Timeout | null = null;
      const audio = new Readable({
        read() {
          if (timer) return;
          timer = setTimeout(() => {
            timer = null;
            if (i < options.chunks)
              this.push(pacedChunk(request.providerVoiceId, request.text, i++, salt));
            if (i >= options.chunks) this.push(null);
          }, options.chunkMs);
        },
        destroy(err, callback) {
          if (timer) clearTimeout(timer);
          callback(err);
        },
      });
      request.signal?.addEventListener(
        'abort',
        () => audio.destroy(new AppError('aborted', 'cancelled')),
        { once: true },
      );
      const done = new Promise<{
        providerRequestId: string | null;
        credits: number | null;
        modelId: string | null;
      }>((resolve, reject) => {
        audio.once('end', () =>
          resolve({ providerRequestId: `paced-${process.pid}`, credits: null, modelId: null }),
        );
        audio.once('error', reject);
      });
      done.catch(() => undefined);
      return { audio, done };
    },
  };
}
