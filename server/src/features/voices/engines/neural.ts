import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { DIRECTIONS, prosodyOf } from '@doublecast/common/direction';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { abortError, encodePiecesToMp3, toSpeechPcm } from '../audio';
import { foldText, splitForSynthesis } from '../text';
import type { EngineVoice, SynthesisRequest, SynthesisResult, VoiceEngine } from './engine';
import {
  scanModelsDir,
  type ModelScan,
  type NeuralModel,
  type NeuralSpeaker,
} from './neural-models';

/**
 * Local neural voices (Piper/VITS and Kokoro models) through sherpa-onnx-node, on worker threads
 * so no synthesis blocks the event loop (docs/decisions/152-local-neural-voices.md). Each piece of
 * text (sentence first) is one job; its samples go through the offline engines' MP3 path
 * (sox to 44.1 kHz, levelling, lame), so the cache and the allowance treat it like any voice.
 */

/** Longest piece for one model call: Kokoro refuses more than about 510 phonemes. */
const NEURAL_PIECE_MAX_CHARS = 300;

/**
 * The worker: loads each model once (on first use) and answers one job at a time. Evaluated
 * from a string so the bundled server needs no separate file; the addon path comes from the
 * main thread, which resolved it from its own node_modules.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sherpa = require(workerData.addonPath);
const loaded = new Map();
parentPort.on('message', (job) => {
  try {
    let tts = loaded.get(job.key);
    if (!tts) {
      tts = new sherpa.OfflineTts({
        model: { ...job.model, numThreads: 1, provider: 'cpu', debug: false },
        maxNumSentences: 1,
      });
      loaded.set(job.key, tts);
    }
    const audio = tts.generate({ text: job.text, sid: job.sid, speed: job.speed });
    const samples = Float32Array.from(audio.samples);
    parentPort.postMessage({ id: job.id, samples, sampleRate: audio.sampleRate }, [samples.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message || error) });
  }
});
`;

interface Job {
  id: number;
  key: string;
  model: Record<string, unknown>;
  text: string;
  sid: number;
  speed: number;
}

interface Pending {
  job: Job;
  resolve: (r: { samples: Float32Array; sampleRate: number }) => void;
  reject: (e: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface NeuralWorkerPool {
  run(
    job: Omit<Job, 'id'>,
    signal?: AbortSignal,
  ): Promise<{ samples: Float32Array; sampleRate: number }>;
  stats(): { workers: number; busy: number; queued: number; maxBusy: number; size: number };
  close(): Promise<void>;
}

/** Up to `size` worker threads, started on demand; jobs wait in order for a free one. */
export function createNeuralWorkerPool(options: {
  size: number;
  addonPath: string;
}): NeuralWorkerPool {
  const size = Math.max(1, options.size);
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const running = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let nextId = 1;
  let maxBusy = 0;

  function spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { addonPath: options.addonPath },
    });
    all.add(worker);
    // Idle workers never hold the process open at shutdown.
    worker.unref();
    worker.on(
      'message',
      (msg: { id: number; samples?: Float32Array; sampleRate?: number; error?: string }) => {
        const pending = running.get(worker);
        running.delete(worker);
        if (pending && pending.job.id === msg.id) {
          if (msg.error !== undefined)
            pending.reject(
              new AppError('internal', 'The neural voice failed', { cause: msg.error }),
            );
          else pending.resolve({ samples: msg.samples!, sampleRate: msg.sampleRate! });
        }
        idle.push(worker);
        dispatch();
      },
    );
    const lost = (why: string) => {
      all.delete(worker);
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
      const pending = running.get(worker);
      running.delete(worker);
      pending?.reject(new AppError('internal', 'The neural voice failed', { cause: why }));
      dispatch();
    };
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`worker exited with code ${code}`));
    return worker;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (all.size < size ? spawn() : null);
      if (!worker) return;
      const pending = queue.shift()!;
      if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
      running.set(worker, pending);
      maxBusy = Math.max(maxBusy, running.size);
      worker.postMessage(pending.job);
    }
  }

  return {
    run(job, signal) {
      if (signal?.aborted) return Promise.reject(abortError());
      return new Promise((resolve, reject) => {
        const pending: Pending = { job: { ...job, id: nextId++ }, resolve, reject, signal };
        if (signal) {
          pending.onAbort = () => {
            const i = queue.indexOf(pending);
            if (i >= 0) queue.splice(i, 1);
            reject(abortError());
          };
          signal.addEventListener('abort', pending.onAbort, { once: true });
        }
        queue.push(pending);
        dispatch();
      });
    },
    stats: () => ({ workers: all.size, busy: running.size, queued: queue.length, maxBusy, size }),
    async close() {
      const workers = [...all];
      all.clear();
      idle.length = 0;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export interface NeuralEngineOptions {
  modelsDir: string;
  log: FastifyBaseLogger;
  /** Worker threads (default: one per core). */
  workers?: number;
  /** Per-program time limit for sox. */
  programTimeoutMs?: number;
}

export interface NeuralEngine extends VoiceEngine {
  /** The pool, for diagnostics, tests and the benchmark. */
  readonly pool: NeuralWorkerPool;
  /** The folder scan (started at creation): the usable models and the folders left out. */
  ready(): Promise<ModelScan>;
  /** One piece of text to the model's own samples, without the MP3 path (the bench's bare engine). */
  renderRaw(
    providerVoiceId: string,
    text: string,
  ): Promise<{ samples: Float32Array; sampleRate: number }>;
  close(): Promise<void>;
}

/**
 * Starts reading VOICE_MODELS_DIR at once. Folders that cannot be used are logged as one error
 * each, with the reason, and left out; the other folders and engines keep working. Listing waits
 * for the scan; a folder that cannot be read at all makes listing fail (the combined engine then
 * leaves this engine out).
 */
export function createNeuralEngine(options: NeuralEngineOptions): NeuralEngine {
  const scan = scanModelsDir(options.modelsDir).then((result) => {
    for (const problem of result.problems)
      options.log.error(
        { engine: 'neural', modelsDir: options.modelsDir },
        `Voice model folder left out: ${problem}`,
      );
    return result;
  });
  scan.catch((e: unknown) =>
    options.log.error(
      { engine: 'neural', err: e },
      `Local neural voices unavailable: ${(e as Error).message}`,
    ),
  );
  const bySpeaker = scan.then(({ models }) => {
    const map = new Map<string, { model: NeuralModel; speaker: NeuralSpeaker }>();
    for (const model of models)
      for (const speaker of model.speakers) map.set(speaker.id, { model, speaker });
    return map;
  });
  bySpeaker.catch(() => undefined);
  const pool = createNeuralWorkerPool({
    size: options.workers ?? os.availableParallelism(),
    addonPath: createRequire(import.meta.url).resolve('sherpa-onnx-node'),
  });
  // Until the scan has ended the version is unique to this process, so nothing cached under it
  // is ever served from another model; then it names every model's fingerprint.
  let version = `neural-1:starting-${randomUUID()}`;
  void scan.then(
    ({ models }) => {
      version = `neural-1:${createHash('sha256')
        .update(models.map((m) => `${m.folder}@${m.fingerprint}`).join(','))
        .digest('hex')
        .slice(0, 12)}`;
    },
    () => undefined,
  );

  async function find(providerVoiceId: string) {
    const found = (await bySpeaker).get(providerVoiceId);
    if (!found) throw new AppError('not-found', 'Voice not found');
    return found;
  }

  async function render(
    providerVoiceId: string,
    text: string,
    speed: number,
    signal?: AbortSignal,
  ) {
    const { model, speaker } = await find(providerVoiceId);
    return pool.run(
      {
        key: `${model.folder}@${model.fingerprint}`,
        model: model.config,
        text,
        sid: speaker.sid,
        speed,
      },
      signal,
    );
  }

  return {
    name: 'neural',
    directions: DIRECTIONS,
    get version() {
      return version;
    },
    pool,
    ready: () => scan,
    close: () => pool.close(),
    renderRaw: (id, text) => render(id, text, 1),

    async listVoices(): Promise<EngineVoice[]> {
      const { models } = await scan;
      return models.flatMap((m) => m.speakers.map((s) => s.voice));
    },

    async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
      await find(request.providerVoiceId);
      const pieces = splitForSynthesis(foldText(request.text, { asciiOnly: false }), {
        maxChars: NEURAL_PIECE_MAX_CHARS,
      });
      if (pieces.length === 0) throw new AppError('invalid-argument', 'Please enter some text');
      // A direction is the model's own speed (its length scale) and the level; a take is a
      // small change of speed (docs/decisions/321).
      const prosody = prosodyOf(request.delivery);
      const speed = Math.min(1.2, Math.max(0.7, request.settings.speed || 1)) * prosody.rate;
      return encodePiecesToMp3({
        count: pieces.length,
        render: async (i, signal) => {
          const { samples, sampleRate } = await render(
            request.providerVoiceId,
            pieces[i]!,
            speed,
            signal,
          );
          if (samples.length === 0) return Buffer.alloc(0);
          return toSpeechPcm({ sampleRate, channels: 1, data: floatToPcm16(samples) }, [], {
            signal,
            timeoutMs: options.programTimeoutMs ?? 120_000,
            levelDb: prosody.levelDb,
            silenceBeforeMs: i === 0 ? prosody.pauseBeforeMs : 0,
          });
        },
        signal: request.signal,
        modelId: version,
      });
    },
  };
}

/** Float samples (-1..1) to signed 16-bit little-endian PCM, clipped. */
export function floatToPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out.writeInt16LE(Math.round(s * 32767), i * 2);
  }
  return out;
}
