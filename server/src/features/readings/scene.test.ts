import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingListSchema, sceneCastSchema } from '@doublecast/common/studio';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { createFakeSynthesis } from '../../test/fake-synthesis';

const TWO_HANDER = [
  'INT. KITCHEN - NIGHT',
  '',
  'MAYA stands at the sink. SAM comes in, soaked.',
  '',
  'MAYA',
  "You're late.",
  '',
  'SAM',
  '(shaking off the rain)',
  'The train stopped. Twice.',
  '',
  'MAYA',
  'Of course it did.',
].join('\n');
const SPOKEN = ["You're late.", 'The train stopped. Twice.', 'Of course it did.'];

describe('the Studio reads a scene', () => {
  let t: TestApp;
  let dataDir: string;
  // The app reads through this stand-in; each test looks at the calls made since it began.
  const voice = createFakeSynthesis({ frames: 8 });
  const callsFrom = () => {
    const start = voice.calls.length;
    return () => voice.calls.slice(start);
  };
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-scene-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir }, synthesis: voice });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cast = (user: TestUser, text: string) =>
    t.request({
      method: 'POST',
      url: '/api/readings/cast',
      payload: { text },
      cookie: user.cookie,
    });
  const read = (user: TestUser, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/readings', payload, cookie: user.cookie, headers });
  const used = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie })).json().used;

  it('casts each character of a pasted scene a voice of their own: MAYA a woman, SAM a man', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const res = await cast(user, TWO_HANDER);
    expect(res.statusCode).toBe(200);
    const scene = sceneCastSchema.parse(res.json());
    expect(scene.isScene).toBe(true);
    expect(scene.characters.map((c) => [c.name, c.lines, c.gender])).toEqual([
      ['MAYA', 2, 'female'],
      ['SAM', 1, 'male'],
    ]);
    const voices = (
      await t.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })
    ).json().voices as { id: string; labels: { gender: string } }[];
    const genderOf = (id: string | null) => voices.find((v) => v.id === id)?.labels.gender;
    const [maya, sam] = scene.characters;
    expect(genderOf(maya!.voiceId)).toBe('female');
    expect(genderOf(sam!.voiceId)).toBe('male');
    expect(scene.narratorVoiceId).not.toBeNull();
    expect([maya!.voiceId, sam!.voiceId]).not.toContain(scene.narratorVoiceId);
    expect(scene.spokenCharacters).toBe(SPOKEN.join('').length);

    const prose = sceneCastSchema.parse((await cast(user, 'Just a paragraph of prose.')).json());
    expect(prose).toMatchObject({ isScene: false, characters: [] });
  });

  it('is for paid users, like the Studio', async () => {
    const free = await createUser(t, { tier: 'free' });
    expect((await cast(free, TWO_HANDER)).statusCode).toBe(403);
  });

  it('reads each line in its character\u2019s voice, never the heading, names or parentheticals, and charges what was spoken', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const calls = callsFrom();
    const res = await read(user, {
      text: TWO_HANDER,
      voiceId: 'voice-maya',
      scene: { cast: { MAYA: 'voice-maya', SAM: 'voice-sam' }, narratorVoiceId: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(voice.bytes().length * calls().length);
    expect(calls().map((c) => [c.voiceId, c.text])).toEqual([
      ['voice-maya', "You're late."],
      ['voice-sam', 'The train stopped.'],
      ['voice-sam', 'Twice.'],
      ['voice-maya', 'Of course it did.'],
    ]);
    const said = calls()
      .map((c) => c.text)
      .join(' ');
    for (const never of ['INT.', 'KITCHEN', 'MAYA', 'SAM', 'shaking', 'soaked'])
      expect(said).not.toContain(never);
    expect(await used(user)).toBe(SPOKEN.join('').length);
    const [item] = readingListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json(),
    ).generations;
    expect(item).toMatchObject({
      voiceName: 'Scene, 2 voices',
      characterCount: SPOKEN.join('').length,
      text: TWO_HANDER,
    });
  });

  it('reads headings and action in the narrator\u2019s voice when one is chosen, and charges them too', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const calls = callsFrom();
    const res = await read(user, {
      text: TWO_HANDER,
      voiceId: 'voice-narrator',
      scene: { cast: { MAYA: 'voice-maya', SAM: 'voice-sam' }, narratorVoiceId: 'voice-narrator' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      calls()
        .slice(0, 3)
        .map((c) => [c.voiceId, c.text]),
    ).toEqual([
      ['voice-narrator', 'Interior.'],
      ['voice-narrator', 'Kitchen, night.'],
      ['voice-narrator', 'MAYA stands at the sink.'],
    ]);
    expect(
      calls()
        .map((c) => c.text)
        .join(' '),
    ).not.toContain('shaking');
    expect(await used(user)).toBe(
      'Interior. Kitchen, night.'.length +
        'MAYA stands at the sink. SAM comes in, soaked.'.length +
        SPOKEN.join('').length,
    );
  });

  it('refuses a character without a voice, naming them, and charges nothing', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const calls = callsFrom();
    const res = await read(user, {
      text: TWO_HANDER,
      voiceId: 'voice-maya',
      scene: { cast: { MAYA: 'voice-maya' }, narratorVoiceId: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      message: 'Choose a voice for SAM.',
      details: { field: 'cast', character: 'SAM' },
    });
    expect(calls()).toEqual([]);
    expect(await used(user)).toBe(0);
  });

  it('binds a retry key to the cast: the same key with another cast is refused', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const payload = (sam: string) => ({
      text: TWO_HANDER,
      voiceId: 'voice-maya',
      scene: { cast: { MAYA: 'voice-maya', SAM: sam }, narratorVoiceId: null },
    });
    const key = { 'idempotency-key': 'scene-key-0001' };
    expect((await read(user, payload('voice-sam'), key)).statusCode).toBe(200);
    expect((await read(user, payload('voice-other'), key)).statusCode).toBe(409);
    const replay = await read(user, payload('voice-sam'), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['x-replayed']).toBe('1');
    expect(await used(user)).toBe(SPOKEN.join('').length);
  });
});
