import { Readable } from 'node:stream';
import { AppError } from '../lib/app-error';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import type {
  EngineVoice,
  SynthesisRequest,
  SynthesisResult,
  VoiceEngine,
} from '../features/voices/engines/engine';

export const FAKE_VOICES: EngineVoice[] = [
  {
    providerVoiceId: 'fake-tom',
    name: 'Tom',
    description: 'A steady American man.',
    labels: { gender: 'male', age: 'middle', accent: 'american', useCase: 'narration' },
    bestFor: ['narration', 'dialogue', 'explainers', 'audiobooks'],
    category: 'men',
    previewUrl: null,
  },
  {
    providerVoiceId: 'fake-ann',
    name: 'Ann',
    description: 'A warm British woman.',
    labels: { gender: 'female', age: 'middle', accent: 'british', useCase: 'narration' },
    bestFor: ['narration'],
    category: 'women',
    previewUrl: null,
  },
  {
    providerVoiceId: 'fake-zoe',
    name: 'Zoe',
    description: 'A young girl.',
    labels: { gender: 'female', age: 'young', accent: 'american', useCase: 'characters' },
    bestFor: ['cartoons'],
    category: 'women',
    previewUrl: null,
  },
];

export type FakeMode = 'ok' | 'fail' | 'fail-mid-stream' | 'hang' | 'gate';

/**
 * A voice engine for tests: answers with deterministic bytes made from the request, counts its
 * calls, and can fail, fail mid-stream, hang forever, or hold its answer until `open()`.
 */
export function createFakeVoiceEngine(options: { voices?: EngineVoice[]; version?: string } = {}) {
  let mode: FakeMode = 'ok';
  const calls: SynthesisRequest[] = [];
  let gates: (() => void)[] = [];
  const engine: VoiceEngine & {
    calls: SynthesisRequest[];
    setMode(m: FakeMode): void;
    open(): void;
    voices: EngineVoice[];
  } = {
    name: 'local',
    version: options.version ?? 'fake-1',
    voices: options.voices ?? [...FAKE_VOICES],
    calls,
    setMode: (m) => {
      mode = m;
    },
    open: () => {
      const g = gates;
      gates = [];
      g.forEach((f) => f());
    },
    async listVoices() {
      return engine.voices;
    },
    async synthesize(request): Promise<SynthesisResult> {
      calls.push(request);
      if (mode === 'fail') throw new AppError('unavailable', 'Fake engine is down');
      const body = Buffer.from(
        `FAKEMP3|${request.providerVoiceId}|${request.settings.speed}|${request.text}`,
      );
      const audio = new Readable({ read() {} });
      let settle!: (v: {
        providerRequestId: string | null;
        credits: number | null;
        modelId: string | null;
      }) => void;
      let fail!: (e: Error) => void;
      const done = new Promise<{
        providerRequestId: string | null;
        credits: number | null;
        modelId: string | null;
      }>((res, rej) => {
        settle = res;
        fail = rej;
      });
      done.catch(() => undefined);
      const current = mode;
      request.signal?.addEventListener('abort', () => {
        audio.destroy(new AppError('aborted', 'cancelled'));
        fail(new AppError('aborted', 'cancelled'));
      });
      const finish = () => {
        audio.push(body.subarray(0, 8));
        if (current === 'fail-mid-stream') {
          const e = new AppError('unavailable', 'Fake engine dropped the stream');
          audio.destroy(e);
          fail(e);
          return;
        }
        audio.push(body.subarray(8));
        audio.push(null);
        settle({
          providerRequestId: `req-${calls.length}`,
          credits: request.text.length,
          modelId: 'fake-model',
        });
      };
      if (current === 'hang') {
        // Nothing ever arrives.
      } else if (current === 'gate') {
        gates.push(finish);
      } else {
        setImmediate(finish);
      }
      return { audio, done };
    },
  };
  return engine;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** One whole reading from an engine: its MP3, once `done` has settled too. */
export async function speakWith(
  engine: VoiceEngine,
  voiceId: string,
  text: string,
  speed = 1,
): Promise<Buffer> {
  const result = await engine.synthesize({
    text,
    providerVoiceId: voiceId,
    settings: { ...DEFAULT_SYNTHESIS_SETTINGS, speed },
  });
  const mp3 = await readAll(result.audio);
  await result.done;
  return mp3;
}
