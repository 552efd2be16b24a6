import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceListSchema } from '@doublecast/common/voices';
import { createFakeVoiceEngine, FAKE_VOICES } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, TEST_ADMIN } from '../../test/factories';
import { LOCAL_VOICES } from './catalogue';
import { syncVoices } from './voices.service';
import {
  importVoices,
  listVoicePermissions,
  setVoiceCategory,
  setVoicesFeatured,
  updateEnabledVoices,
  updateUserVoicePermissions,
  updateVoiceNames,
} from '../admin/voices/voices-admin.service';

describe('voice catalogue with the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('syncs the catalogue at start and lists it publicly with labels, tags and previews', async () => {
    const res = await t.request({ method: 'GET', url: '/api/voices/featured' });
    expect(res.statusCode).toBe(200);
    const { voices } = voiceListSchema.parse(res.json());
    expect(voices).toHaveLength(LOCAL_VOICES.length);
    const count = (c: string) => voices.filter((v) => v.category === c).length;
    expect([count('men'), count('women'), count('children')]).toEqual([13, 9, 6]);
    const tom = voices.find((v) => v.name === 'Tom')!;
    expect(tom).toMatchObject({
      category: 'men',
      labels: { gender: 'male', accent: 'american' },
      featured: true,
    });
    expect(tom.previewUrl).toMatch(new RegExp(`^/api/voices/${tom.id}/preview\\?v=[0-9a-f]{10}$`));
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await t.request({
      method: 'GET',
      url: '/api/voices/featured',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('voice rows, endpoints and admin operations', () => {
  let t: TestApp;
  let dataDir: string;
  const engine = createFakeVoiceEngine();
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir }, engine });
    for (const r of await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute())
      ids[r.provider_voice_id] = r.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const featured = async () =>
    voiceListSchema.parse((await t.request({ method: 'GET', url: '/api/voices/featured' })).json())
      .voices;

  it("applies the spec's children rule as the default category", async () => {
    const zoe = (await featured()).find((v) => v.name === 'Zoe')!;
    expect(zoe.category).toBe('children');
  });

  it('lists only featured, enabled voices publicly', async () => {
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: false,
    });
    expect((await featured()).map((v) => v.name)).toEqual(['Tom', 'Zoe']);
    await updateEnabledVoices(t.ctx, {
      admin: TEST_ADMIN,
      enabledVoiceIds: [ids['fake-ann']!, ids['fake-zoe']!],
    });
    expect((await featured()).map((v) => v.name)).toEqual(['Zoe']);
    await updateEnabledVoices(t.ctx, { admin: TEST_ADMIN, enabledVoiceIds: Object.values(ids) });
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: true,
    });
    expect(await featured()).toHaveLength(3);
  });

  it('lists the voices a signed-in user may use, narrowed by their permissions', async () => {
    expect((await t.request({ method: 'GET', url: '/api/voices' })).statusCode).toBe(401);
    const user = await createUser(t, { tier: 'paid' });
    const other = await createUser(t, { tier: 'free' });
    const mine = async (cookie: string) =>
      voiceListSchema
        .parse((await t.request({ method: 'GET', url: '/api/voices', cookie })).json())
        .voices.map((v) => v.name);
    expect(await mine(user.cookie)).toEqual(['Tom', 'Ann', 'Zoe']);

    await updateUserVoicePermissions(t.ctx, {
      admin: TEST_ADMIN,
      userId: user.id,
      voiceIds: [ids['fake-ann']!, ids['fake-zoe']!],
    });
    expect(await mine(user.cookie)).toEqual(['Ann', 'Zoe']);
    expect(await mine(other.cookie)).toEqual(['Tom', 'Ann', 'Zoe']);
    expect(
      (await listVoicePermissions(t.ctx, { q: user.email })).users.map((u) => u.voiceIds),
    ).toEqual([[ids['fake-ann'], ids['fake-zoe']].sort()]);

    // A hidden (unfeatured) voice is still usable; a disabled one is not.
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: false,
    });
    await updateEnabledVoices(t.ctx, {
      admin: TEST_ADMIN,
      enabledVoiceIds: [ids['fake-ann']!, ids['fake-tom']!],
    });
    expect(await mine(user.cookie)).toEqual(['Ann']);

    await updateUserVoicePermissions(t.ctx, { admin: TEST_ADMIN, userId: user.id, voiceIds: [] });
    expect(await mine(user.cookie)).toEqual(['Tom', 'Ann']);
    await expect(
      updateUserVoicePermissions(t.ctx, { admin: TEST_ADMIN, userId: user.id, voiceIds: ['nope'] }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await updateEnabledVoices(t.ctx, { admin: TEST_ADMIN, enabledVoiceIds: Object.values(ids) });
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: true,
    });
  });

  it('keeps admin choices across a sync and marks voices the engine dropped as unavailable', async () => {
    await updateVoiceNames(t.ctx, {
      admin: TEST_ADMIN,
      voiceNames: { [ids['fake-tom']!]: 'Tommy' },
    });
    await setVoiceCategory(t.ctx, {
      admin: TEST_ADMIN,
      voiceId: ids['fake-zoe']!,
      category: 'women',
    });
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: false,
    });
    engine.voices = [
      { ...FAKE_VOICES[0]!, description: 'Updated description.' },
      FAKE_VOICES[2]!,
      { ...FAKE_VOICES[1]!, providerVoiceId: 'fake-new', name: 'Nia' },
    ];
    expect(await syncVoices(t.ctx)).toEqual({ added: 1, updated: 3, total: 3 });
    const list = await featured();
    expect(list.map((v) => [v.name, v.originalName, v.category, v.description])).toEqual([
      ['Tommy', 'Tom', 'men', 'Updated description.'],
      ['Zoe', 'Zoe', 'women', 'A young girl.'],
      ['Nia', 'Nia', 'women', 'A warm British woman.'],
    ]);
    const ann = await t.db.kysely
      .selectFrom('voices')
      .selectAll()
      .where('id', '=', ids['fake-ann']!)
      .executeTakeFirstOrThrow();
    expect(ann).toMatchObject({ available: 0, featured: 0 });
    expect(await importVoices(t.ctx, { admin: TEST_ADMIN })).toEqual({
      voicesImported: 3,
      provider: 'the built-in engines',
    });
    await updateVoiceNames(t.ctx, { admin: TEST_ADMIN, voiceNames: { [ids['fake-tom']!]: '' } });
    expect((await featured())[0]!.name).toBe('Tom');
    engine.voices = [...FAKE_VOICES];
    await syncVoices(t.ctx);
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: true,
    });
  });

  it('makes a preview once, serves it with caching headers, and makes it afresh on request', async () => {
    const tom = (await featured()).find((v) => v.originalName === 'Tom')!;
    const before = engine.calls.length;
    const first = await t.request({ method: 'GET', url: tom.previewUrl });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(first.rawPayload.toString()).toMatch(/^FAKEMP3\|fake-tom\|1\|Hello!/);
    const second = await t.request({ method: 'GET', url: tom.previewUrl });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(engine.calls.length).toBe(before + 1);
    const notModified = await t.request({
      method: 'GET',
      url: tom.previewUrl,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);

    const fresh = await t.request({ method: 'GET', url: `/api/voices/${tom.id}/preview?fresh=1` });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(engine.calls.length).toBe(before + 2);
    // At most one fresh preview per voice per 10 minutes: the stored one is served meanwhile.
    await t.request({ method: 'GET', url: `/api/voices/${tom.id}/preview?fresh=1` });
    expect(engine.calls.length).toBe(before + 2);

    expect((await t.request({ method: 'GET', url: '/api/voices/nope/preview' })).statusCode).toBe(
      404,
    );

    const partial = await t.request({
      method: 'GET',
      url: tom.previewUrl,
      headers: { range: 'bytes=2-5' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 2-5/${first.rawPayload.length}`);
    expect(partial.rawPayload.equals(first.rawPayload.subarray(2, 6))).toBe(true);
    const whole = await t.request({ method: 'GET', url: tom.previewUrl });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(first.rawPayload.length));
    const bad = await t.request({
      method: 'GET',
      url: tom.previewUrl,
      headers: { range: 'bytes=9999-' },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('makes one fresh preview however many ask for it at once, and charges nobody', async () => {
    const ann = (await featured()).find((v) => v.originalName === 'Ann')!;
    const user = await createUser(t, { tier: 'free' });
    expect((await t.request({ method: 'GET', url: ann.previewUrl })).statusCode).toBe(200);
    const before = engine.calls.length;
    engine.setMode('gate');
    try {
      const asked = Array.from({ length: 6 }, () =>
        t.request({
          method: 'GET',
          url: `/api/voices/${ann.id}/preview?fresh=1`,
          cookie: user.cookie,
        }),
      );
      await expect.poll(() => engine.calls.length).toBe(before + 1);
      engine.open();
      const answers = await Promise.all(asked);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => a.rawPayload.toString())).size).toBe(1);
    } finally {
      engine.setMode('ok');
      engine.open();
    }
    expect(engine.calls.length).toBe(before + 1);
    const usage = await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie });
    expect(usage.json().used).toBe(0);
  });

  it('answers a failed preview with the error shape, and makes it on the next request', async () => {
    const zoe = (await featured()).find((v) => v.name === 'Zoe')!;
    engine.setMode('fail-mid-stream');
    const failed = await t.request({ method: 'GET', url: zoe.previewUrl });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('unavailable');
    engine.setMode('ok');
    const ok = await t.request({ method: 'GET', url: zoe.previewUrl });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-length']).toBe(String(ok.rawPayload.length));
  });

  it('does not preview a hidden voice to visitors but does to a permitted user', async () => {
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [ids['fake-ann']!],
      featured: false,
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/voices/${ids['fake-ann']}/preview` }))
        .statusCode,
    ).toBe(404);
    const user = await createUser(t, { tier: 'paid' });
    const res = await t.request({
      method: 'GET',
      url: `/api/voices/${ids['fake-ann']}/preview`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });
});
