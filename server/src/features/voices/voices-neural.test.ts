import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPartnerLineRead,
  expectSynthesisedOnceThenCached,
  listVoices,
  withEngineApp,
} from '../../test/engine-journeys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeVoiceModelsDir } from '../../test/voice-models';
import { LOCAL_VOICES } from './catalogue';

describe('voices with VOICE_MODELS_DIR set (broken folders among the good ones)', () => {
  let t: TestApp;
  let dataDir: string;
  let modelsDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-neural-'));
    modelsDir = makeVoiceModelsDir({ broken: true });
    t = await createTestApp({
      env: { DATA_DIR: dataDir, VOICE_MODELS_DIR: modelsDir, VOICE_MODEL_WORKERS: '2' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(modelsDir, { recursive: true, force: true });
  });

  it('lists the offline voices and the neural voices in one catalogue; a preview is MP3', async () => {
    const voices = await listVoices(t);
    expect(voices.filter((v) => v.engine === 'local')).toHaveLength(LOCAL_VOICES.length);
    const neural = voices.filter((v) => v.engine === 'neural');
    expect(neural.map((v) => [v.name, v.category])).toEqual([
      ['Tilly', 'women'],
      ['Kiki', 'women'],
      ['Tiny', 'men'],
    ]);
    const preview = await t.request({ method: 'GET', url: neural[0]!.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(preview.rawPayload.length).toBeGreaterThan(1000);
  });

  it('reads a partner line in rehearsal with a neural voice', async () => {
    await expectPartnerLineRead(t, { name: 'Tilly', engine: 'neural' });
  });

  it('synthesises a neural voice through the one synthesis path and records the engine', async () => {
    const { bytes, metric } = await expectSynthesisedOnceThenCached(
      t,
      { name: 'Tilly', engine: 'neural' },
      'All the world is a stage.',
      'nn',
    );
    expect(bytes).toBeGreaterThan(1000);
    expect(metric).toMatchObject({ provider: 'neural', status: 'success', cost_usd: 0 });
  });
});

describe('a VOICE_MODELS_DIR that does not exist', () => {
  it('leaves the offline voices working', async () => {
    const nowhere = path.join(os.tmpdir(), `dc-no-models-${process.pid}`);
    await withEngineApp({ VOICE_MODELS_DIR: nowhere }, async (t) => {
      expect(await listVoices(t)).toHaveLength(LOCAL_VOICES.length);
    });
  });
});
