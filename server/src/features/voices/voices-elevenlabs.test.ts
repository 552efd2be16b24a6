import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceListSchema } from '@doublecast/common/voices';
import { createFakeElevenLabs, type FakeElevenLabs } from '../../test/fakes/fake-elevenlabs';
import { readAll } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';

describe('voices with ELEVENLABS_API_KEY set', () => {
  let fake: FakeElevenLabs;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    fake = createFakeElevenLabs();
    await fake.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-el-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, ELEVENLABS_API_KEY: 'test-key', ELEVENLABS_BASE_URL: fake.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the provider voices with stored previews made by the provider, and the spec children rule', async () => {
    expect(t.ctx.voiceEngine.name).toBe('elevenlabs');
    const { voices } = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices/featured' })).json(),
    );
    const rachel = voices.find((v) => v.name === 'Rachel')!;
    expect(rachel.previewUrl).toMatch(new RegExp(`^/api/voices/${rachel.id}/preview\\?v=`));
    const preview = await t.request({ method: 'GET', url: rachel.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(preview.rawPayload.length).toBeGreaterThan(0);
    expect(rachel.category).toBe('children');
    expect(voices.find((v) => v.name === 'Adam')!.category).toBe('men');
  });

  it('synthesises through the provider once, records credits and serves the repeat from the cache', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const { voices } = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })).json(),
    );
    const adam = voices.find((v) => v.name === 'Adam')!;
    const request = {
      text: 'To be, or not to be.',
      voiceId: adam.id,
      settings: { speed: 1, stability: 0.5, similarity: 0.5 },
      userId: user.id,
      requestId: 'el-1',
    };
    const ttsCalls = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path.includes('/text-to-speech/'))
        .length;
    const before = ttsCalls();
    const first = await t.ctx.synthesis.synthesize(request);
    expect((await readAll(first.audio)).length).toBeGreaterThan(0);
    await first.done;
    const second = await t.ctx.synthesis.synthesize({ ...request, requestId: 'el-2' });
    expect(second.cached).toBe(true);
    await readAll(second.audio);
    expect(ttsCalls()).toBe(before + 1);
    const metric = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'el-1')
      .executeTakeFirstOrThrow();
    expect(metric).toMatchObject({
      provider: 'elevenlabs',
      status: 'success',
      user_id: user.id,
      character_count: request.text.length,
    });
    expect(metric.credits_used).toBeGreaterThan(0);
    expect(metric.cost_usd).toBeCloseTo((request.text.length / 1000) * 0.18, 10);
  });
});
