import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAiSpeech, type FakeOpenAiSpeech } from '../../test/fakes/fake-openai-speech';
import {
  expectPartnerLineRead,
  expectSynthesisedOnceThenCached,
  listVoices,
  withEngineApp,
} from '../../test/engine-journeys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOCAL_VOICES } from './catalogue';
import { parseEnv } from '../../env';
import { createConfiguredEngine } from './voices.setup';
import { recordingLogger } from '../../test/recording-logger';

const silentLog = recordingLogger() as unknown as FastifyBaseLogger;

describe('voices with OPENAI_TTS_BASE_URL set beside the offline engines', () => {
  let fake: FakeOpenAiSpeech;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    fake = createFakeOpenAiSpeech({ apiKey: 'sk-local' });
    await fake.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-oa-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, OPENAI_TTS_BASE_URL: fake.baseUrl, OPENAI_TTS_API_KEY: 'sk-local' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the offline voices and the server voices in one catalogue, each with its engine', async () => {
    const voices = await listVoices(t);
    expect(voices.filter((v) => v.engine === 'local')).toHaveLength(LOCAL_VOICES.length);
    const served = voices.filter((v) => v.engine === 'openai');
    expect(served.map((v) => [v.name, v.category, v.labels.accent])).toEqual([
      ['Bella', 'women', 'american'],
      ['George', 'men', 'british'],
      ['Adam', 'men', 'american'],
    ]);
    const preview = await t.request({ method: 'GET', url: served[0]!.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(preview.rawPayload.length).toBeGreaterThan(0);
    const sent = fake.requests.filter((r) => r.path === '/v1/audio/speech').at(-1)!;
    expect((sent.body as { voice: string }).voice).toBe('af_bella');
  });

  it('reads a partner line in rehearsal with a openai voice', async () => {
    await expectPartnerLineRead(t, { name: 'George', engine: 'openai' });
  });

  it('synthesises a server voice once, records the engine and serves the repeat from the cache', async () => {
    const calls = () => fake.requests.filter((r) => r.path === '/v1/audio/speech').length;
    const before = calls();
    const { bytes, metric } = await expectSynthesisedOnceThenCached(
      t,
      { name: 'George', engine: 'openai' },
      'Now is the winter of our discontent.',
      'oa',
    );
    expect(bytes).toBeGreaterThan(0);
    expect(calls()).toBe(before + 1);
    // A self-hosted server costs nothing.
    expect(metric).toMatchObject({
      provider: 'openai',
      status: 'success',
      model_id: 'tts-1',
      cost_usd: 0,
    });
  });
});

describe('the price of an OpenAI-compatible server', () => {
  const priceOf = (env: Record<string, string>) =>
    createConfiguredEngine(parseEnv({ DATA_DIR: os.tmpdir(), ...env }), silentLog).engineFor!(
      'openai:alloy',
    ).usdPer1000Characters;
  it("is OpenAI's tts-1 price on api.openai.com, 0 elsewhere, or what the operator sets", () => {
    expect(priceOf({ OPENAI_TTS_BASE_URL: 'https://api.openai.com/v1' })).toBe(0.015);
    expect(priceOf({ OPENAI_TTS_BASE_URL: 'http://127.0.0.1:8880/v1' })).toBe(0);
    expect(
      priceOf({
        OPENAI_TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
        OPENAI_TTS_USD_PER_1000_CHARACTERS: '0.002',
      }),
    ).toBe(0.002);
  });
});

describe('an OpenAI-compatible server that is down at start', () => {
  it('leaves the offline voices working and the server voices out', async () => {
    const fake = createFakeOpenAiSpeech();
    const url = await fake.start();
    await fake.stop();
    await withEngineApp({ OPENAI_TTS_BASE_URL: url }, async (t) => {
      const voices = await listVoices(t);
      expect(voices.length).toBe(LOCAL_VOICES.length);
      expect(voices.every((v) => v.engine === 'local')).toBe(true);
    });
  });
});
