import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceListSchema } from '@doublecast/common/voices';
import { readAll } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { makeVoiceModelsDir } from '../../test/voice-models';
import { LOCAL_VOICES } from '../../voices/catalogue';

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
    const { voices } = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices/featured' })).json(),
    );
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
    const user = await createUser(t, { tier: 'free' });
    const { voices } = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })).json(),
    );
    const voice = voices.find((v) => v.name === 'Tilly' && v.engine === 'neural')!;
    const script = (
      await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: {
          title: 'Kitchen',
          content: 'ANNA\nAre you coming?\n\nBEN\nIn a minute, I said.\n',
        },
        cookie: user.cookie,
      })
    ).json() as { id: string; analysis: { lines: { id: string; character: string }[] } };
    const line = script.analysis.lines.find((l) => l.character === 'BEN')!;
    const res = await t.request({
      method: 'POST',
      url: '/api/rehearsal/line-audio',
      payload: { scriptId: script.id, lineId: line.id, voiceId: voice.id },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBeGreaterThan(0);
  });

  it('synthesises a neural voice through the one synthesis path and records the engine', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const { voices } = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })).json(),
    );
    const tilly = voices.find((v) => v.name === 'Tilly')!;
    const request = {
      text: 'All the world is a stage.',
      voiceId: tilly.id,
      settings: { speed: 1, stability: 0.5, similarity: 0.5 },
      userId: user.id,
      requestId: 'nn-1',
    };
    const first = await t.ctx.synthesis.synthesize(request);
    expect((await readAll(first.audio)).length).toBeGreaterThan(1000);
    await first.done;
    const second = await t.ctx.synthesis.synthesize({ ...request, requestId: 'nn-2' });
    expect(second.cached).toBe(true);
    await readAll(second.audio);
    const metric = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'nn-1')
      .executeTakeFirstOrThrow();
    expect(metric).toMatchObject({ provider: 'neural', status: 'success', cost_usd: 0 });
  });
});

describe('a VOICE_MODELS_DIR that does not exist', () => {
  it('leaves the offline voices working', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-neural-none-'));
    const t = await createTestApp({
      env: { DATA_DIR: dataDir, VOICE_MODELS_DIR: path.join(dataDir, 'nowhere') },
    });
    try {
      const { voices } = voiceListSchema.parse(
        (await t.request({ method: 'GET', url: '/api/voices/featured' })).json(),
      );
      expect(voices).toHaveLength(LOCAL_VOICES.length);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
