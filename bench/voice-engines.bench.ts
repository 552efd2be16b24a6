/**
 * Voice engines side by side: for one voice of each engine, time to first audio (TTFA) and the
 * real-time factor (RTF: seconds of work per second of audio) through the synthesis service on a
 * cache miss, beside the bare engine for the same text in the same run:
 *   local   the engine command writing WAV for the whole text (espeak-ng, Rupert);
 *   neural  one sherpa-onnx call for the whole text on the worker pool, no MP3 path;
 *   openai  one POST /audio/speech read to its end, no retries or streaming wrapper.
 * The neural models are BENCH_VOICE_MODELS_DIR when set (an operator's real Piper or Kokoro
 * folders, see docs/voices.md), else the tiny test models, whose figures show the overhead of the
 * path and not a real model's speed. The speech server is the loopback fake unless
 * BENCH_OPENAI_TTS_BASE_URL points at a real one. Medians of 3 runs (1 in BENCH_SMOKE mode).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../server/src/test/test-app';
import { createFakeOpenAiSpeech } from '../server/src/test/fakes/fake-openai-speech';
import { makeVoiceModelsDir } from '../server/src/test/voice-models';
import { LOCAL_VOICES } from '../server/src/features/voices/catalogue';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { createLocalEngine } from '../server/src/features/voices/engines/local';
import type { NeuralEngine } from '../server/src/features/voices/engines/neural';
import { sized } from './smoke';

const RUNS = sized(3, 1);
const TEXT =
  'Do you remember the first rehearsal? You forgot every line, and I fed them to you one by one ' +
  'from the wings, quietly, so nobody would know. I never asked for thanks. But now the director ' +
  'wants one of us gone, and I will not be the one who leaves.';
const TEXT_CHARS = sized(TEXT.length, 60);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Seconds of audio in an MP3, as sox reads it. */
function mp3Seconds(mp3: Buffer, dir: string): number {
  const file = path.join(dir, `d-${Math.random().toString(36).slice(2)}.mp3`);
  fs.writeFileSync(file, mp3);
  try {
    return Number(execFileSync('soxi', ['-D', file]).toString().trim());
  } finally {
    fs.rmSync(file);
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-engines-'));
  const modelsDir = process.env.BENCH_VOICE_MODELS_DIR ?? makeVoiceModelsDir();
  const fake = process.env.BENCH_OPENAI_TTS_BASE_URL ? null : createFakeOpenAiSpeech();
  const speechUrl = process.env.BENCH_OPENAI_TTS_BASE_URL ?? (await fake!.start());
  const t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      VOICE_MODELS_DIR: modelsDir,
      OPENAI_TTS_BASE_URL: speechUrl,
      ...(process.env.BENCH_OPENAI_TTS_API_KEY
        ? { OPENAI_TTS_API_KEY: process.env.BENCH_OPENAI_TTS_API_KEY }
        : {}),
    },
  });
  const engine = t.ctx.voiceEngine;
  const rows = await t.db.kysely
    .selectFrom('voices')
    .select(['id', 'provider_voice_id'])
    .where('available', '=', 1)
    .execute();
  const firstOf = (prefix: string) => rows.find((r) => r.provider_voice_id.startsWith(prefix));
  const neuralRow = firstOf('neural:');
  const openaiRow = firstOf('openai:');
  if (!neuralRow || !openaiRow)
    throw new Error('the neural or OpenAI-compatible voices are missing');
  const neural = engine.engineFor!(neuralRow.provider_voice_id) as NeuralEngine;
  const local = createLocalEngine({ workDir: path.join(dataDir, 'bare') });
  fs.mkdirSync(path.join(dataDir, 'bare'), { recursive: true });
  const rupert = LOCAL_VOICES.find((v) => v.id === 'gb-male-rupert')!;

  const cases = [
    {
      engine: 'local (espeak-ng)',
      voiceId: rows.find((r) => r.provider_voice_id === rupert.id)!.id,
      bare: async (text: string) => {
        const t0 = performance.now();
        const wav = await local.renderRaw(rupert, text, path.join(dataDir, 'bare'));
        return {
          ms: performance.now() - t0,
          seconds: (wav.length - 44) / 2 / wav.readUInt32LE(24),
        };
      },
    },
    {
      engine: 'neural (sherpa-onnx)',
      voiceId: neuralRow.id,
      bare: async (text: string) => {
        const t0 = performance.now();
        const { samples, sampleRate } = await neural.renderRaw(
          neuralRow.provider_voice_id.slice('neural:'.length),
          text,
        );
        return { ms: performance.now() - t0, seconds: samples.length / sampleRate };
      },
    },
    {
      engine: 'openai (speech server)',
      voiceId: openaiRow.id,
      bare: async (text: string) => {
        const t0 = performance.now();
        const response = await fetch(`${speechUrl}/audio/speech`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(process.env.BENCH_OPENAI_TTS_API_KEY
              ? { authorization: `Bearer ${process.env.BENCH_OPENAI_TTS_API_KEY}` }
              : {}),
          },
          body: JSON.stringify({
            model: t.env.OPENAI_TTS_MODEL,
            input: text,
            voice: openaiRow.provider_voice_id.slice('openai:'.length),
            response_format: 'mp3',
          }),
        });
        if (!response.ok) throw new Error(`speech server answered ${response.status}`);
        const mp3 = Buffer.from(await response.arrayBuffer());
        // Timed to the last byte; reading the duration with soxi is not the engine's work.
        const ms = performance.now() - t0;
        return { ms, seconds: mp3Seconds(mp3, dataDir) };
      },
    },
  ];

  const table: string[][] = [];
  try {
    for (const c of cases) {
      const bareRtf: number[] = [];
      const bareMs: number[] = [];
      const ttfa: number[] = [];
      const rtf: number[] = [];
      // Loads the model (neural) and warms the connection, outside the measured runs.
      await c.bare('Warm up.');
      for (let run = 0; run < RUNS; run++) {
        // A different text each run, so every service call is a cache miss.
        const text = `Take ${run + 1}. ${TEXT}`.slice(0, TEXT_CHARS);
        const bare = await c.bare(text);
        bareMs.push(bare.ms);
        bareRtf.push(bare.ms / 1000 / bare.seconds);

        const s0 = performance.now();
        const result = await t.ctx.synthesis.synthesize({
          text,
          voiceId: c.voiceId,
          settings: DEFAULT_SYNTHESIS_SETTINGS,
          userId: null,
          requestId: `bench-${c.engine}-${run}`,
        });
        const chunks: Buffer[] = [];
        let first = 0;
        for await (const chunk of result.audio) {
          if (!first) first = performance.now() - s0;
          chunks.push(chunk as Buffer);
        }
        const took = performance.now() - s0;
        await result.done;
        ttfa.push(first);
        rtf.push(took / 1000 / mp3Seconds(Buffer.concat(chunks), dataDir));
      }
      table.push([
        c.engine,
        median(bareMs).toFixed(0),
        median(bareRtf).toFixed(3),
        median(ttfa).toFixed(0),
        median(rtf).toFixed(3),
        (median(ttfa) / median(bareMs)).toFixed(2),
        (median(rtf) / median(bareRtf)).toFixed(2),
      ]);
    }
  } finally {
    await t.close();
    await neural.close();
    await fake?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_VOICE_MODELS_DIR) fs.rmSync(modelsDir, { recursive: true, force: true });
  }
  const header = [
    'engine',
    'bare ms (whole text)',
    'bare RTF',
    'service TTFA ms',
    'service RTF',
    'TTFA / bare ms',
    'RTF / bare RTF',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `${TEXT_CHARS}-character text, median of ${RUNS} runs, ${os.availableParallelism()} cores; neural models: ` +
      `${process.env.BENCH_VOICE_MODELS_DIR ?? 'the tiny test models'}; speech server: ${fake ? 'the loopback fake' : speechUrl}.\n` +
      'RTF: seconds of work per second of audio (below 1 is faster than real time). The service rows go\n' +
      'through the synthesis service (voice check, pool, MP3 path, cache write, metrics), cache miss.\n',
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of table) console.log(line(row));
}

await main();
