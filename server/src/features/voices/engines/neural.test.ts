import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { speakWith } from '../../../test/fake-voice-engine';
import { recordingLogger } from '../../../test/recording-logger';
import { makeVoiceModelsDir, VOICE_MODEL_FIXTURES } from '../../../test/voice-models';
import { speechLevelDb, TARGET_SPEECH_DBFS } from '../audio';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { createNeuralEngine, floatToPcm16 } from './neural';
import { readOnnxMetadata, scanModelsDir } from './neural-models';

const modelsDir = makeVoiceModelsDir({ broken: true });
const log = recordingLogger();
const engine = createNeuralEngine({
  modelsDir,
  log: log as unknown as FastifyBaseLogger,
  workers: 2,
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(modelsDir, { recursive: true, force: true });
});

const speak = (voiceId: string, text: string, speed = 1) => speakWith(engine, voiceId, text, speed);

/** Decodes an MP3 with sox to 16-bit mono samples, with its rate and bitrate. */
function decode(mp3: Buffer) {
  const file = path.join(modelsDir, `decode-${Math.random().toString(36).slice(2)}.mp3`);
  fs.writeFileSync(file, mp3);
  try {
    const rate = Number(execFileSync('soxi', ['-r', file]).toString().trim());
    const bitrate = execFileSync('soxi', ['-B', file]).toString().trim();
    const raw = execFileSync('sox', [
      '-q',
      file,
      '-t',
      'raw',
      '-e',
      'signed',
      '-b',
      '16',
      '-c',
      '1',
      '-',
    ]);
    return { rate, bitrate, samples: new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2) };
  } finally {
    fs.rmSync(file);
  }
}

describe('local neural voices: model folders', () => {
  it('reads the metadata sherpa-onnx needs straight from the ONNX file', async () => {
    const meta = await readOnnxMetadata(
      path.join(VOICE_MODEL_FIXTURES, 'tiny-piper', 'model.onnx'),
    );
    expect(Object.fromEntries(meta)).toMatchObject({
      comment: 'piper',
      sample_rate: '22050',
      n_speakers: '1',
      language: 'English',
    });
  });

  it('lists one voice per Piper folder (voice.json labels) and per Kokoro speaker (named by its id)', async () => {
    const voices = await engine.listVoices();
    expect(
      voices.map((v) => [v.providerVoiceId, v.name, v.labels.gender, v.labels.accent, v.category]),
    ).toEqual([
      ['en_US-tilly-low', 'Tilly', 'female', 'american', 'women'],
      ['kokoro-tiny/af_tiny', 'Kiki', 'female', 'american', 'women'],
      ['kokoro-tiny/bm_tiny', 'Tiny', 'male', 'british', 'men'],
    ]);
    expect(voices[0]).toMatchObject({
      description: 'A tiny test voice: a tone per phoneme.',
      bestFor: ['tests'],
      labels: { age: 'young adult' },
    });
  });

  it('leaves broken folders out, each with a clear reason logged at start', async () => {
    const ownLog = recordingLogger();
    const own = createNeuralEngine({ modelsDir, log: ownLog as unknown as FastifyBaseLogger });
    const { problems } = await own.ready();
    await own.close();
    expect(problems).toEqual([
      expect.stringMatching(/^bad-json: voice\.json: gender /),
      'kokoro-cut: voices.bin does not match the model (another version of the files?)',
      'no-espeak: espeak-ng-data/ is missing (copy it from the model archive)',
      'no-tokens: tokens.txt is missing',
      expect.stringMatching(/^not-onnx: model\.onnx: /),
    ]);
    const logged = ownLog.error.mock.calls.map((c) => c[1] as string);
    for (const problem of problems)
      expect(logged).toContain(`Voice model folder left out: ${problem}`);
  });

  it('a models folder that does not exist fails the listing with its path', async () => {
    await expect(scanModelsDir(path.join(modelsDir, 'nowhere'))).rejects.toThrow(
      /VOICE_MODELS_DIR .*nowhere cannot be read/,
    );
  });
});

describe('local neural voices: synthesis', () => {
  it('speaks through sherpa-onnx into levelled 44.1 kHz / 128 kbps MP3, the same every time', async () => {
    const first = await speak('en_US-tilly-low', 'Hello there. How are you today?');
    const again = await speak('en_US-tilly-low', 'Hello there. How are you today?');
    const { rate, bitrate, samples } = decode(first);
    // sox dithers when it resamples, so the same text differs only in the lowest bits.
    const repeat = decode(again).samples;
    expect(repeat.length).toBe(samples.length);
    let diff = 0;
    for (let i = 0; i < samples.length; i++) diff += Math.abs(samples[i]! - repeat[i]!);
    expect(diff / samples.length).toBeLessThan(40);
    expect(rate).toBe(44100);
    expect(bitrate).toBe('128k');
    // The tiny model gives 256 samples (11.6 ms at 22.05 kHz) per phoneme token.
    expect(samples.length / 44100).toBeGreaterThan(0.2);
    expect(Math.abs(speechLevelDb(samples)! - TARGET_SPEECH_DBFS)).toBeLessThan(3);
  });

  it('reads every sentence of a long text, the first before the rest', async () => {
    const short = decode(await speak('en_US-tilly-low', 'One sentence here.')).samples.length;
    const text = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} is here.`).join(
      ' ',
    );
    const long = decode(await speak('en_US-tilly-low', text)).samples.length;
    expect(long).toBeGreaterThan(short * 8);
  });

  it('speaks each Kokoro speaker and applies the speed to the model', async () => {
    const normal = decode(await speak('kokoro-tiny/bm_tiny', 'Good evening, everyone.')).samples;
    expect(normal.length).toBeGreaterThan(0);
    // The tiny Kokoro graph ignores speed, so the length stays; the Piper one takes length_scale.
    const piperSlow = decode(
      await speak('en_US-tilly-low', 'Good evening, everyone.', 0.7),
    ).samples;
    expect(piperSlow.length).toBeGreaterThan(0);
  });

  it('refuses a voice it does not have', async () => {
    await expect(
      engine.synthesize({
        text: 'Hi.',
        providerVoiceId: 'no-tokens',
        settings: DEFAULT_SYNTHESIS_SETTINGS,
      }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('runs pieces on at most its worker threads under concurrency, and all finish', async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `Reader ${i} starts. Then reader ${i} ends.`);
    const results = await Promise.all(
      texts.map((t, i) => speak(i % 2 ? 'en_US-tilly-low' : 'kokoro-tiny/af_tiny', t)),
    );
    expect(results.every((mp3) => mp3.length > 0)).toBe(true);
    const stats = engine.pool.stats();
    expect(stats.size).toBe(2);
    expect(stats.workers).toBe(2);
    expect(stats.maxBusy).toBe(2);
    expect(stats.queued).toBe(0);
  });

  it('drops a queued piece when its reader goes away', async () => {
    const controller = new AbortController();
    const [tilly] = (await engine.ready()).models;
    const job = (text: string) => ({ key: 'tilly', model: tilly!.config, text, sid: 0, speed: 1 });
    const busy = [engine.pool.run(job('Busy one.')), engine.pool.run(job('Busy two.'))];
    expect(engine.pool.stats().busy).toBe(2);
    const queued = engine.pool.run(
      { key: 'x', model: {}, text: 'never', sid: 0, speed: 1 },
      controller.signal,
    );
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'aborted' });
    await Promise.all(busy);
    expect(engine.pool.stats().queued).toBe(0);
  });

  it('turns float samples into clipped 16-bit PCM', () => {
    const pcm = floatToPcm16(Float32Array.from([0, 0.5, -1, 2]));
    expect([...new Int16Array(pcm.buffer, pcm.byteOffset, 4)]).toEqual([0, 16384, -32767, 32767]);
  });
});

describe('local neural voices: directions (decision 321)', () => {
  const directed = async (directions: ('quietly' | 'fast')[]) => {
    const result = await engine.synthesize({
      text: 'Good evening, everyone. It is late.',
      providerVoiceId: 'en_US-tilly-low',
      settings: DEFAULT_SYNTHESIS_SETTINGS,
      delivery: { directions, take: 1 },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of result.audio) chunks.push(chunk as Buffer);
    await result.done;
    return decode(Buffer.concat(chunks)).samples;
  };

  it('says a whispered line 6 dB quieter, and gives the model the fast speed', async () => {
    const plain = await directed([]);
    const whispered = await directed(['quietly']);
    expect(speechLevelDb(whispered)!).toBeLessThanOrEqual(speechLevelDb(plain)! - 6);
    // The tiny fixture models make the same length at any speed (see the Kokoro test above), so
    // what is checked is the speed the model is given.
    const { Worker } = await import('node:worker_threads');
    const posted: { speed: number }[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: InstanceType<typeof Worker>, message: unknown) {
      if (message && typeof message === 'object' && 'speed' in message)
        posted.push(message as { speed: number });
      return post.call(this, message);
    };
    try {
      await directed(['fast']);
    } finally {
      Worker.prototype.postMessage = post;
    }
    expect(posted.map((m) => m.speed)).toEqual([1.4, 1.4]);
  });
});
