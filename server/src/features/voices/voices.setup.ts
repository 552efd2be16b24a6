import fs from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { dataPath, voiceModelsDir, type Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { createAudioCache } from './audio-cache';
import type { VoiceEngine } from './engines/engine';
import { createElevenLabsEngine } from './engines/elevenlabs';
import { createCombinedEngine } from './engines/combined';
import { createLocalEngine } from './engines/local';
import { createNeuralEngine } from './engines/neural';
import { createOpenAiEngine, OPENAI_TTS1_USD_PER_1000_CHARACTERS } from './engines/openai';
import { createWorkerPool, type WorkerPool } from '../../lib/worker-pool';
import { createSynthesisService, type SynthesisService } from './synthesis.service';
import { syncVoices } from './voices.service';
import type { MetricEventBus } from '../../shared/metric-events';

export interface SynthesisTuning {
  /** Syntheses at once (default: the number of cores). */
  concurrency?: number;
  /** Syntheses waiting for a slot before new ones are refused (default: 8 per slot). */
  maxQueue?: number;
  stallTimeoutMs?: number;
}

/**
 * The configured engines: ElevenLabs when ELEVENLABS_API_KEY is set, otherwise the offline
 * engines (docs/decisions/020-offline-voice-catalogue.md); beside it, an OpenAI-compatible
 * speech server when OPENAI_TTS_BASE_URL is set and the local neural models in VOICE_MODELS_DIR
 * (docs/decisions/151, 152).
 */
export function createConfiguredEngine(env: Env, log: FastifyBaseLogger): VoiceEngine {
  const primary = env.ELEVENLABS_API_KEY
    ? createElevenLabsEngine({
        apiKey: env.ELEVENLABS_API_KEY,
        baseUrl: env.ELEVENLABS_BASE_URL,
        modelId: env.ELEVENLABS_MODEL_ID,
        log,
      })
    : createLocalEngine({ workDir: dataPath(env, 'tmp', 'tts') });
  const extras: VoiceEngine[] = [];
  if (env.OPENAI_TTS_BASE_URL) {
    extras.push(
      createOpenAiEngine({
        baseUrl: env.OPENAI_TTS_BASE_URL,
        apiKey: env.OPENAI_TTS_API_KEY,
        model: env.OPENAI_TTS_MODEL,
        voices: env.OPENAI_TTS_VOICES,
        usdPer1000Characters:
          env.OPENAI_TTS_USD_PER_1000_CHARACTERS ??
          (new URL(env.OPENAI_TTS_BASE_URL).hostname === 'api.openai.com'
            ? OPENAI_TTS1_USD_PER_1000_CHARACTERS
            : 0),
        log,
      }),
    );
  }
  // VOICE_MODELS_DIR, else the folder `npm run voices:install` fills when it is there.
  const modelsDir = voiceModelsDir(env);
  if (env.VOICE_MODELS_DIR || fs.existsSync(modelsDir)) {
    extras.push(
      createNeuralEngine({
        modelsDir,
        workers: env.VOICE_MODEL_WORKERS,
        log,
      }),
    );
  }
  return createCombinedEngine({ primary, extras, log });
}

export function createVoiceServices(options: {
  env: Env;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  metricEvents: MetricEventBus;
  engine?: VoiceEngine;
  tuning?: SynthesisTuning;
}): { engine: VoiceEngine; synthesis: SynthesisService; pool: WorkerPool } {
  const engine = options.engine ?? createConfiguredEngine(options.env, options.log);
  const concurrency = options.tuning?.concurrency ?? os.availableParallelism();
  const pool = createWorkerPool({
    concurrency,
    maxQueue: options.tuning?.maxQueue ?? concurrency * 8,
  });
  const synthesis = createSynthesisService({
    ctx: {
      db: options.db,
      clock: options.clock,
      log: options.log,
      metricEvents: options.metricEvents,
    },
    engine,
    cache: createAudioCache(dataPath(options.env, 'cache', 'tts')),
    pool,
    stallTimeoutMs: options.tuning?.stallTimeoutMs,
  });
  return { engine, synthesis, pool };
}

/**
 * Syncs the voice rows from the active engine at start. Listing is quick (the local catalogue is
 * in memory; ElevenLabs is one request, bounded here); a failure keeps the rows already stored.
 */
export async function syncVoicesAtStart(
  ctx: Pick<AppContext, 'db' | 'clock' | 'voiceEngine' | 'log'>,
  timeoutMs = 5000,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const voices = await Promise.race([
      ctx.voiceEngine.listVoices(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`listing voices took longer than ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
    const result = await syncVoices(ctx, { voices });
    ctx.log.info({ engine: ctx.voiceEngine.name, ...result }, 'voices synced');
  } catch (err) {
    ctx.log.warn(
      { err, engine: ctx.voiceEngine.name },
      'voice sync failed; keeping the stored voices',
    );
  } finally {
    clearTimeout(timer);
  }
}
