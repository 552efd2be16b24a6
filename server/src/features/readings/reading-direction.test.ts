import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { measureMp3 } from '../../test/measure-mp3';

/**
 * A note and another take on a Studio reading (issue 35, decision 311), heard through the API on
 * a built-in engine: the audio itself is measured, decoded with sox, as rehearsal's lines are.
 */

const TEXT = 'I told you never to come back here, not tonight, not ever.';
const SCENE = `ANNA\nWhy are you here?\n\nBEN\n${TEXT}\n`;

const measure = measureMp3;

describe('a note and another take on a Studio reading', () => {
  let t: TestApp;
  let dataDir: string;
  const voiceIds: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-reading-direction-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    for (const r of await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute())
      voiceIds[r.provider_voice_id] = r.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const used = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie })).json()
      .used as number;
  const historyCount = async (user: TestUser) =>
    (
      (await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json() as {
        generations: unknown[];
      }
    ).generations.length;
  const post = (user: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/readings', payload: body, cookie: user.cookie });
  const read = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await post(user, body);
    expect(res.statusCode, res.body).toBe(200);
    return { id: String(res.headers['x-generation-id']), audio: res.rawPayload };
  };

  it('a whispered reading is 6 dB quieter and a fast one 20% shorter, each charged as a reading', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const voiceId = voiceIds['gb-female-victoria']!;
    expect(voiceId).toBeDefined();
    const before = await used(user);
    const plain = measure((await read(user, { voiceId, text: TEXT })).audio);
    const whispered = measure(
      (await read(user, { voiceId, text: TEXT, note: 'whispering' })).audio,
    );
    const fast = measure((await read(user, { voiceId, text: TEXT, note: 'fast, to Maya' })).audio);
    expect(whispered.speechDb).toBeLessThanOrEqual(plain.speechDb - 6);
    expect(fast.seconds).toBeLessThanOrEqual(plain.seconds * 0.8);
    expect((await used(user)) - before).toBe(3 * TEXT.length);
  });

  it('another take is different audio charged once; the same take again is free', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const voiceId = voiceIds['us-female-susan']!;
    const first = await read(user, { voiceId, text: TEXT });
    const before = await used(user);
    const second = await read(user, { voiceId, text: TEXT, take: 2, takeOf: first.id });
    expect(second.id).not.toBe(first.id);
    expect(second.audio.equals(first.audio)).toBe(false);
    expect(Math.abs(measure(second.audio).seconds - measure(first.audio).seconds)).toBeGreaterThan(
      0.05,
    );
    expect((await used(user)) - before).toBe(TEXT.length);
    // Heard again after the first was let go (kept take 2): the same audio, nothing charged.
    const del = await t.request({
      method: 'DELETE',
      url: `/api/readings/${first.id}`,
      cookie: user.cookie,
    });
    expect(del.statusCode).toBe(204);
    const again = await read(user, { voiceId, text: TEXT, take: 2, takeOf: first.id });
    expect(again.audio.equals(second.audio)).toBe(true);
    expect((await used(user)) - before).toBe(TEXT.length);
    // Take 3 is another read, charged once more; a note makes take 2 another read too.
    const third = await read(user, { voiceId, text: TEXT, take: 3, takeOf: first.id });
    expect(third.audio.equals(second.audio)).toBe(false);
    expect((await used(user)) - before).toBe(2 * TEXT.length);
    await read(user, { voiceId, text: TEXT, take: 2, takeOf: first.id, note: 'slowly' });
    expect((await used(user)) - before).toBe(3 * TEXT.length);
  });

  it('two requests for the same take at once are charged once', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const voiceId = voiceIds['us-female-susan']!;
    const first = await read(user, { voiceId, text: TEXT });
    const before = await used(user);
    const body = { voiceId, text: TEXT, take: 2, takeOf: first.id };
    const [a, b] = await Promise.all([post(user, body), post(user, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect((await used(user)) - before).toBe(TEXT.length);
  });

  it('a scene reading takes a note and another take', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const voiceId = voiceIds['gb-female-victoria']!;
    const scene = {
      cast: { ANNA: voiceIds['us-female-susan']!, BEN: voiceId },
      narratorVoiceId: null,
    };
    const plain = await read(user, { voiceId, text: SCENE, scene });
    const before = await used(user);
    const quiet = await read(user, { voiceId, text: SCENE, scene, note: 'whispering' });
    expect(measure(quiet.audio).speechDb).toBeLessThanOrEqual(measure(plain.audio).speechDb - 6);
    const take = await read(user, { voiceId, text: SCENE, scene, take: 2, takeOf: plain.id });
    expect(take.audio.equals(plain.audio)).toBe(false);
    const spoken = 'Why are you here?'.length + TEXT.length;
    expect((await used(user)) - before).toBe(2 * spoken);
    await read(user, { voiceId, text: SCENE, scene, take: 2, takeOf: plain.id });
    expect((await used(user)) - before).toBe(2 * spoken);
  });

  it("refuses bad input and another user's reading, charging and keeping nothing", async () => {
    const user = await createUser(t, { tier: 'paid' });
    const other = await createUser(t, { tier: 'paid' });
    const voiceId = voiceIds['gb-female-victoria']!;
    const first = await read(user, { voiceId, text: TEXT });
    const theirs = await read(other, { voiceId, text: TEXT });
    const before = await used(user);
    for (const extra of [
      { note: 'x'.repeat(201) },
      { take: 0, takeOf: first.id },
      { take: 11, takeOf: first.id },
      { take: 1.5, takeOf: first.id },
      { take: 2 },
      { take: 2, takeOf: '' },
    ]) {
      const res = await post(user, { voiceId, text: TEXT, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const stolen = await post(user, { voiceId, text: TEXT, take: 2, takeOf: theirs.id });
    expect(stolen.statusCode).toBe(404);
    const missing = await post(user, { voiceId, text: TEXT, take: 2, takeOf: 'no-such-reading' });
    expect(missing.statusCode).toBe(404);
    expect(await used(user)).toBe(before);
    expect(await historyCount(user)).toBe(1);
  });
});
