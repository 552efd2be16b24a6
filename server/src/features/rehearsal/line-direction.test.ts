import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTIONS, voiceDirectionsSchema } from '@doublecast/common/direction';
import type { Script } from '@doublecast/common/scripts';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { measureMp3 } from '../../test/measure-mp3';

/**
 * Directions and takes on a partner's line, heard through the API on the built-in engines
 * (decisions 320 and 321): the audio itself is measured, decoded with sox.
 */

const LINE = 'I told you never to come back here, not tonight, not ever.';
const SCENE = `ANNA\nWhy are you here?\n\nBEN\n${LINE}\n`;

/** One voice of each built-in engine. */
const VOICES = [
  { engine: 'espeak-ng', provider: 'gb-female-victoria' },
  { engine: 'flite', provider: 'us-female-susan' },
  { engine: 'festival', provider: 'us-female-sally' },
] as const;

const measure = measureMp3;

describe('directions on a rehearsal line, built-in engines', () => {
  let t: TestApp;
  let dataDir: string;
  let user: TestUser;
  let script: Script;
  const voiceIds: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-line-direction-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    for (const r of await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute())
      voiceIds[r.provider_voice_id] = r.id;
    user = await createUser(t, { tier: 'free' });
    script = (
      await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: { title: 'Door', content: SCENE },
        cookie: user.cookie,
      })
    ).json();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const benLine = () => script.analysis!.lines.find((l) => l.character === 'BEN')!;
  const used = async () =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie })).json()
      .used as number;
  const lineAudio = async (voiceId: string, extra: { note?: string; take?: number } = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/rehearsal/line-audio',
      payload: { scriptId: script.id, lineId: benLine().id, voiceId, ...extra },
      cookie: user.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it.each(VOICES)(
    '$engine: a whispered line is 6 dB quieter, a fast one 20% shorter, each charged once',
    async ({ provider }) => {
      const voiceId = voiceIds[provider]!;
      expect(voiceId).toBeDefined();
      const before = await used();
      const plain = measure(await lineAudio(voiceId));
      const whispered = measure(await lineAudio(voiceId, { note: 'whispering' }));
      const fast = measure(await lineAudio(voiceId, { note: '(fast)' }));
      expect(whispered.rmsDb).toBeLessThanOrEqual(plain.rmsDb - 6);
      expect(whispered.speechDb).toBeLessThanOrEqual(plain.speechDb - 6);
      expect(fast.seconds).toBeLessThanOrEqual(plain.seconds * 0.8);
      // Three different reads, each charged once; hearing one again costs nothing.
      expect((await used()) - before).toBe(3 * LINE.length);
      await lineAudio(voiceId, { note: 'whispered' });
      expect((await used()) - before).toBe(3 * LINE.length);
    },
  );

  it('another take is different audio, charged once; a take again is the same audio, free', async () => {
    const voiceId = voiceIds['us-female-susan']!;
    const first = await lineAudio(voiceId);
    const before = await used();
    const second = await lineAudio(voiceId, { take: 2 });
    expect(second.equals(first)).toBe(false);
    expect(Math.abs(measure(second).seconds - measure(first).seconds)).toBeGreaterThan(0.05);
    expect((await used()) - before).toBe(LINE.length);
    expect((await lineAudio(voiceId, { take: 2 })).equals(second)).toBe(true);
    expect((await used()) - before).toBe(LINE.length);
  });

  it('a note with no direction in it is the plain read, at no new charge', async () => {
    const voiceId = voiceIds['gb-female-victoria']!;
    const plain = await lineAudio(voiceId);
    const before = await used();
    expect((await lineAudio(voiceId, { note: 'to Maya, across the room' })).equals(plain)).toBe(
      true,
    );
    expect(await used()).toBe(before);
  });

  it("reads the script's parenthetical, and a note written over it wins", async () => {
    const voiceId = voiceIds['gb-female-victoria']!;
    const plain = measure(await lineAudio(voiceId));
    const directed: Script = (
      await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: {
          title: 'Door, whispered',
          content: `ANNA\nWhy are you here?\n\nBEN\n(whispering, to Anna)\n${LINE}\n`,
        },
        cookie: user.cookie,
      })
    ).json();
    const line = directed.analysis!.lines.find((l) => l.character === 'BEN')!;
    const read = async (note?: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rehearsal/line-audio',
        payload: { scriptId: directed.id, lineId: line.id, voiceId, ...(note ? { note } : {}) },
        cookie: user.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return measure(res.rawPayload);
    };
    expect((await read()).rmsDb).toBeLessThanOrEqual(plain.rmsDb - 6);
    expect((await read('shouting')).rmsDb).toBeGreaterThan(plain.rmsDb);
  });

  it("names the directions a voice's engine acts on; an unknown voice is not found", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/voices/${voiceIds['us-female-sally']}/directions`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(voiceDirectionsSchema.parse(res.json()).directions).toEqual([...DIRECTIONS]);
    const missing = await t.request({
      method: 'GET',
      url: '/api/voices/no-such-voice/directions',
      cookie: user.cookie,
    });
    expect(missing.statusCode).toBe(404);
    const signedOut = await t.request({
      method: 'GET',
      url: `/api/voices/${voiceIds['us-female-sally']}/directions`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a note too long or a take out of range, charging nothing', async () => {
    const voiceId = voiceIds['gb-female-victoria']!;
    const before = await used();
    for (const extra of [{ note: 'x'.repeat(201) }, { take: 0 }, { take: 11 }, { take: 1.5 }]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/rehearsal/line-audio',
        payload: { scriptId: script.id, lineId: benLine().id, voiceId, ...extra },
        cookie: user.cookie,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await used()).toBe(before);
  });
});
