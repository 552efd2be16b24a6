import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cuePauseMs,
  READER_TRACK_TOO_LONG_MESSAGE,
  rehearsalPlanSchema,
  readerTrackSchema,
  SCENE_TEXT_MISMATCH_MESSAGE,
} from '@doublecast/common/rehearsal';
import { SPLIT_MISMATCH_MESSAGE, type Script } from '@doublecast/common/scripts';
import { AUDIO_STORAGE_QUOTA_MESSAGE, MAX_AUDIO_BYTES_PER_USER } from '@doublecast/common/studio';
import { createUser, type TestUser } from '../../test/factories';
import { FAKE_VOICES } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb } from '../../test/test-db';
import { createLocalStorage } from '../../adapters/storage/local-storage';
import { insertKeptAudio } from '../../test/kept-audio';
import { postAndHangUp, postOverSocket } from '../../test/hang-up';
import {
  CHARGE_RUNNING_MESSAGE,
  chargeHolds,
  chargedSynthesisTuning,
} from '../readings/charged-synthesis';
import { reserveCharacters } from '../usage/usage.service';
import { lineChargeKey } from './rehearsal.service';
import { AppError } from '../../lib/app-error';
import type { SynthesisRequest, VoiceEngine } from '../voices/engines/engine';
import { QUEUE_FULL_MESSAGE } from '../../lib/worker-pool';

/** Real MP3s (a tone 0.1 s per character, so lengths differ per line), made with sox. */
function mp3Engine() {
  const calls: SynthesisRequest[] = [];
  let failing = false;
  let slow = false;
  let gate: Promise<void> | null = null;
  const engine: VoiceEngine & {
    calls: SynthesisRequest[];
    fail(on: boolean): void;
    /** Streams each MP3 in eight parts, 40 ms apart. */
    slow(on: boolean): void;
    /** Syntheses started from now on send nothing until the returned function is called. */
    hold(): () => void;
  } = {
    name: 'local',
    version: 'rehearsal-test-1',
    calls,
    fail: (on) => {
      failing = on;
    },
    slow: (on) => {
      slow = on;
    },
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    listVoices: async () => FAKE_VOICES,
    async synthesize(request) {
      calls.push(request);
      if (failing) throw new AppError('unavailable', 'Engine down');
      const seconds = (0.1 * request.text.length).toFixed(2);
      const mp3 = execFileSync('sox', [
        '-q',
        '-n',
        '-r',
        '44100',
        '-c',
        '1',
        '-t',
        'mp3',
        '-C',
        '128',
        '-',
        'synth',
        seconds,
        'sine',
        '440',
      ]);
      const part = Math.ceil(mp3.length / 8);
      const parts = Array.from({ length: 8 }, (_, i) => mp3.subarray(i * part, (i + 1) * part));
      const held = gate;
      if (held)
        return {
          audio: Readable.from(
            (async function* () {
              await held;
              yield* parts;
            })(),
          ),
          done: Promise.resolve({ providerRequestId: null, credits: null, modelId: null }),
        };
      return {
        audio: slow
          ? Readable.from(
              (async function* () {
                for (const p of parts) {
                  yield p;
                  await new Promise((r) => setTimeout(r, 40));
                }
              })(),
            )
          : Readable.from([mp3]),
        done: Promise.resolve({ providerRequestId: null, credits: null, modelId: null }),
      };
    },
  };
  return engine;
}

const SCENE = [
  'INT. KITCHEN - NIGHT',
  '',
  'ANNA',
  'You are late.',
  '',
  'BEN',
  '(taking off his coat)',
  'I know. The train stopped.',
  '',
  'ANNA',
  'It always stops.',
  '',
  'BEN',
  'Yes.',
  '',
  'ANNA',
  'Sit down.',
  '',
  'BEN',
  'Yes.',
  '',
].join('\n');

const seconds = (mp3: Buffer) => {
  const file = path.join(os.tmpdir(), `dc-mp3-${process.pid}-${Date.now()}.mp3`);
  fs.writeFileSync(file, mp3);
  try {
    return Number(execFileSync('sox', ['--i', '-D', file]).toString().trim());
  } finally {
    fs.rmSync(file);
  }
};

describe('rehearsal', () => {
  let t: TestApp;
  let engine: ReturnType<typeof mp3Engine>;
  let dataDir: string;
  const voice: Record<string, string> = {};
  let user: TestUser;
  let script: Script;

  // What the app is built with, watched by the tests: the syntheses that got past their line's
  // charge, the statements run while `statements` is set, and the writes of stored audio.
  let synthesized = 0;
  let statements: string[] | null = null;
  let audioWrites = 0;
  beforeAll(async () => {
    engine = mp3Engine();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-rehearsal-'));
    const db = await createTestDb();
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements?.push(db.kysely.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const storage = createLocalStorage(path.join(dataDir, 'audio'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir },
      engine,
      db: { ...db, kysely: db.kysely.withPlugin(recorder) },
      synthesis: (own) => ({
        ...own,
        synthesize: (o) => {
          synthesized++;
          return own.synthesize(o);
        },
      }),
      storage: {
        ...storage,
        openWriter: async (key) => {
          const writer = await storage.openWriter(key);
          return { ...writer, write: (chunk) => (audioWrites++, writer.write(chunk)) };
        },
      },
    });
    for (const r of await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute())
      voice[r.provider_voice_id] = r.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    engine.fail(false);
    engine.slow(false);
    user = await createUser(t, { tier: 'free' });
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: { title: 'Kitchen', content: SCENE },
      cookie: user.cookie,
    });
    script = res.json();
  });

  const plan = async (u: TestUser, body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/rehearsal/plan', payload: body, cookie: u.cookie });
  const lineAudio = async (u: TestUser, lineId: string, voiceId = voice['fake-tom']!) =>
    t.request({
      method: 'POST',
      url: '/api/rehearsal/line-audio',
      payload: { scriptId: script.id, lineId, voiceId },
      cookie: u.cookie,
    });
  const used = async (u: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: u.cookie })).json().used as number;
  const benLines = () => script.analysis!.lines.filter((l) => l.character === 'BEN');

  it('shows the cost before a run, and a run consumes exactly that; running again costs nothing', async () => {
    const res = await plan(user, {
      scriptId: script.id,
      role: 'ANNA',
      voices: { BEN: voice['fake-tom'] },
    });
    expect(res.statusCode).toBe(200);
    const p = rehearsalPlanSchema.parse(res.json());
    // "Yes." twice in the same voice is one line to make and pay for.
    const expected = 'I know. The train stopped.'.length + 'Yes.'.length;
    expect(p).toMatchObject({ newCharacters: expected, used: 0, limit: 10_000, remaining: 10_000 });
    expect(p.lines.map((l) => [l.character, l.characters, l.paid])).toEqual([
      ['BEN', 26, false],
      ['BEN', 4, false],
      ['BEN', 4, false],
    ]);

    for (const line of benLines()) {
      const audio = await lineAudio(user, line.id);
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      // Nothing says whether the audio was made before (decision 022).
      expect(audio.headers).not.toHaveProperty('x-audio-cached');
      expect(audio.rawPayload.length).toBeGreaterThan(100);
    }
    expect(await used(user)).toBe(expected);
    expect(engine.calls.filter((c) => c.text === 'Yes.')).toHaveLength(1);

    const again = rehearsalPlanSchema.parse(
      (
        await plan(user, { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } })
      ).json(),
    );
    expect(again.newCharacters).toBe(0);
    expect(again.lines.every((l) => l.paid)).toBe(true);
    expect(again.used).toBe(expected);

    const callsBefore = engine.calls.length;
    for (const line of benLines()) expect((await lineAudio(user, line.id)).statusCode).toBe(200);
    expect(await used(user)).toBe(expected);
    expect(engine.calls.length).toBe(callsBefore);
  });

  it("reads only the lines a plan lists and the one line audio says, never the script's text or split", async () => {
    const seen: string[] = [];
    statements = seen;
    try {
      const p = await plan(user, {
        scriptId: script.id,
        role: 'ANNA',
        voices: { BEN: voice['fake-tom'] },
      });
      expect(p.statusCode).toBe(200);
      expect((await lineAudio(user, benLines()[0]!.id)).statusCode).toBe(200);
    } finally {
      statements = null;
    }
    const readsScript = seen.filter(
      (q) => /from "scripts"/.test(q) && /select \*|"content"|"analysis"/.test(q),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(readsScript).toEqual([]);
  });

  it('limits plans to 60 a minute per user with Retry-After', async () => {
    const body = { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } };
    for (let i = 0; i < 60; i++) expect((await plan(user, body)).statusCode).toBe(200);
    const refused = await plan(user, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Per user: someone else still plans.
    const other = await createUser(t);
    const theirs = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: { title: 'Kitchen', content: SCENE },
      cookie: other.cookie,
    });
    expect((await plan(other, { ...body, scriptId: theirs.json().id })).statusCode).toBe(200);
    t.clock.advance(60_000);
    try {
      expect((await plan(user, body)).statusCode).toBe(200);
    } finally {
      t.clock.set('2026-03-15T12:00:00Z');
    }
  });

  it('counts a line again only in another voice', async () => {
    await lineAudio(user, benLines()[0]!.id, voice['fake-tom']);
    const p = rehearsalPlanSchema.parse(
      (
        await plan(user, { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-ann'] } })
      ).json(),
    );
    expect(p.newCharacters).toBe(30);
    const other = rehearsalPlanSchema.parse(
      (
        await plan(user, { scriptId: script.id, role: 'BEN', voices: { ANNA: voice['fake-ann'] } })
      ).json(),
    );
    expect(other.newCharacters).toBe(
      'You are late.'.length + 'It always stops.'.length + 'Sit down.'.length,
    );
  });

  it.each([
    [
      'a role nobody speaks',
      { role: 'CAROL', voices: { BEN: 'x', ANNA: 'y' } },
      'Pick the character you play',
    ],
    [
      'a partner without a voice',
      { role: 'ANNA', voices: {} },
      'Give every other character a voice',
    ],
  ])('refuses %s', async (_label, body, message) => {
    const res = await plan(user, { scriptId: script.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it("answers 404 for another user's script and for unknown lines, charging nothing", async () => {
    const other = await createUser(t, { tier: 'paid' });
    expect(
      (await plan(other, { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } }))
        .statusCode,
    ).toBe(404);
    expect((await lineAudio(other, benLines()[0]!.id)).statusCode).toBe(404);
    expect((await lineAudio(user, 'l999')).statusCode).toBe(404);
    const heading = script.analysis!.lines.find((l) => l.kind === 'heading')!;
    expect((await lineAudio(user, heading.id)).statusCode).toBe(404);
    expect(await used(other)).toBe(0);
    expect(await used(user)).toBe(0);
  });

  it('gives the characters back when synthesis fails, and charges once on the retry', async () => {
    engine.fail(true);
    const line = benLines()[0]!;
    // A voice no other test used, so nothing comes from the synthesis cache.
    const failed = await lineAudio(user, line.id, voice['fake-zoe']);
    expect(failed.statusCode).toBe(503);
    expect(await used(user)).toBe(0);
    engine.fail(false);
    expect((await lineAudio(user, line.id, voice['fake-zoe'])).statusCode).toBe(200);
    expect(await used(user)).toBe(line.text.length);
  });

  it('charges a line whose audio was sent even when the listener leaves before its end', async () => {
    engine.slow(true);
    const line = benLines()[0]!;
    await postAndHangUp(t, {
      path: '/api/rehearsal/line-audio',
      body: { scriptId: script.id, lineId: line.id, voiceId: voice['fake-ann'] },
      cookie: user.cookie,
      enough: (received) => received > 0,
    });
    await expect.poll(() => used(user), { timeout: 5_000 }).toBe(line.text.length);
    // Paid for, so hearing it again is free.
    const p = rehearsalPlanSchema.parse(
      (
        await plan(user, { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-ann'] } })
      ).json(),
    );
    await expect
      .poll(async () => {
        const again = rehearsalPlanSchema.parse(
          (
            await plan(user, {
              scriptId: script.id,
              role: 'ANNA',
              voices: { BEN: voice['fake-ann'] },
            })
          ).json(),
        );
        return again.lines[0]!.paid;
      })
      .toBe(true);
    expect(p.used).toBe(line.text.length);
    engine.slow(false);
    expect((await lineAudio(user, line.id, voice['fake-ann'])).statusCode).toBe(200);
    expect(await used(user)).toBe(line.text.length);
  });

  const refunds = async (u: TestUser) =>
    (
      await t.db.kysely
        .selectFrom('usage_ledger')
        .select('id')
        .where('user_id', '=', u.id)
        .where('kind', '=', 'refund')
        .execute()
    ).length;
  /** Counts requests that reached the voice, that is got past their line's charge. */
  const countSyntheses = () => {
    const start = synthesized;
    return {
      get calls() {
        return synthesized - start;
      },
    };
  };
  /** A line-audio request over a socket, as the player sends it, that can hang up. */
  const openLine = async (u: TestUser, body: Record<string, unknown>) => {
    let received = 0;
    let end!: (status: number) => void;
    const ended = new Promise<number>((resolve) => (end = resolve));
    const req = await postOverSocket(
      t,
      { path: '/api/rehearsal/line-audio', body, cookie: u.cookie },
      (res) => {
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('end', () => end(res.statusCode ?? 0));
        res.on('error', () => end(0));
      },
    );
    req.on('error', () => end(0));
    req.on('close', () => end(0));
    return { received: () => received, ended, hangUp: () => req.destroy() };
  };
  /** Nothing of this app is still settling a charge or making audio. */
  const settled = () =>
    chargeHolds().held === 0 &&
    chargeHolds().waiting === 0 &&
    t.ctx.workerPool.stats().running === 0;

  it('never answers a line as paid while the first request for it has sent nothing; a hang-up refunds only that request', async () => {
    const line = benLines()[0]!;
    const body = { scriptId: script.id, lineId: line.id, voiceId: voice['fake-ann'] };
    const syntheses = countSyntheses();
    const open = engine.hold();
    try {
      const a = await openLine(user, body);
      await expect.poll(() => syntheses.calls).toBe(1);
      const b = await openLine(user, body);
      // The second request has either reached the voice or waits on the first one's charge.
      await expect.poll(() => syntheses.calls + chargeHolds().waiting).toBe(2);
      a.hangUp();
      await expect.poll(() => refunds(user)).toBe(1);
      open();
      expect(await b.ended).toBe(200);
      expect(b.received()).toBeGreaterThan(100);
      expect(a.received()).toBe(0);
      await expect.poll(settled).toBe(true);
      // The audio that was delivered is paid for, once, and the plan says so.
      expect(await used(user)).toBe(line.text.length);
      const p = rehearsalPlanSchema.parse(
        (
          await plan(user, {
            scriptId: script.id,
            role: 'ANNA',
            voices: { BEN: voice['fake-ann'] },
          })
        ).json(),
      );
      expect(p.lines[0]!.paid).toBe(true);
    } finally {
      open();
    }
  });

  it('gives 0 free characters over 20 races of two requests for a line while one hangs up', async () => {
    let free = 0;
    let overcharged = 0;
    const syntheses = countSyntheses();
    for (let i = 0; i < 20; i++) {
      const u = await createUser(t, { tier: 'free' });
      const created = await t.request({
        method: 'POST',
        url: '/api/scripts',
        payload: { title: 'Kitchen', content: SCENE },
        cookie: u.cookie,
      });
      const s = created.json() as Script;
      const line = s.analysis!.lines.find((l) => l.character === 'BEN')!;
      const body = { scriptId: s.id, lineId: line.id, voiceId: voice['fake-ann'] };
      const before = syntheses.calls;
      const open = engine.hold();
      const a = await openLine(u, body);
      await expect.poll(() => syntheses.calls).toBe(before + 1);
      const b = await openLine(u, body);
      await expect.poll(() => syntheses.calls + chargeHolds().waiting).toBe(before + 2);
      const variant = i % 4;
      if (variant === 0) {
        // The first hangs up before its first byte; the second stays.
        a.hangUp();
        await expect.poll(() => refunds(u)).toBe(1);
        open();
      } else if (variant === 1) {
        // The first hangs up once its audio has started.
        open();
        await expect.poll(() => a.received()).toBeGreaterThan(0);
        a.hangUp();
      } else if (variant === 2) {
        // The second hangs up before any audio; the first stays.
        b.hangUp();
        await b.ended;
        open();
      } else {
        // Both hang up before any audio.
        a.hangUp();
        b.hangUp();
        await Promise.all([a.ended, b.ended]);
        open();
      }
      await Promise.all([a.ended, b.ended]);
      await expect.poll(settled).toBe(true);
      const delivered = a.received() + b.received() > 0 ? line.text.length : 0;
      const charged = await used(u);
      free += Math.max(0, delivered - charged);
      overcharged += Math.max(0, charged - delivered);
    }
    expect({ free, overcharged }).toEqual({ free: 0, overcharged: 0 });
  });

  it('makes a reader track pay for a line whose first request hung up before sending anything', async () => {
    const line = benLines()[0]!;
    const syntheses = countSyntheses();
    const open = engine.hold();
    try {
      const a = await openLine(user, {
        scriptId: script.id,
        lineId: line.id,
        voiceId: voice['fake-tom'],
      });
      await expect.poll(() => syntheses.calls).toBe(1);
      const made = t.request({
        method: 'POST',
        url: '/api/rehearsal/reader-track',
        payload: { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } },
        cookie: user.cookie,
      });
      await expect.poll(() => syntheses.calls + chargeHolds().waiting).toBe(2);
      a.hangUp();
      await expect.poll(() => refunds(user)).toBe(1);
      open();
      expect((await made).statusCode).toBe(201);
      expect(a.received()).toBe(0);
      // Every partner line in the track is paid for: 26 + 4 characters.
      expect(await used(user)).toBe(30);
    } finally {
      open();
    }
  });

  it('refuses a line whose charge another process holds, and charges anew once that holder is long gone', async () => {
    const line = benLines()[0]!;
    const voiceId = voice['fake-zoe']!;
    // A charge taken by a request that has sent nothing yet (another server process, or one that
    // stopped): not committed.
    await reserveCharacters(t.ctx, {
      userId: user.id,
      characters: line.text.length,
      idempotencyKey: `rehearsal:${lineChargeKey(voiceId, line.text)}`,
      action: 'rehearsal',
      voiceId,
    });
    const busy = await lineAudio(user, line.id, voiceId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'aborted', message: CHARGE_RUNNING_MESSAGE });
    t.clock.advance(chargedSynthesisTuning.abandonedAfterMs + 1_000);
    try {
      const res = await lineAudio(user, line.id, voiceId);
      expect(res.statusCode).toBe(200);
      // The abandoned charge went back and this one stands: the line is paid once.
      expect(await used(user)).toBe(line.text.length);
      expect(await refunds(user)).toBe(1);
    } finally {
      t.clock.set('2026-03-15T12:00:00Z');
    }
  });

  it('refuses a line beyond the monthly allowance with the spec text and no charge', async () => {
    const month = '2026-03';
    await t.db.kysely
      .insertInto('usage_counters')
      .values({ user_id: user.id, month, used: 9_990, updated_at: '2026-03-15T12:00:00.000Z' })
      .onConflict((oc) => oc.columns(['user_id', 'month']).doUpdateSet({ used: 9_990 }))
      .execute();
    const res = await lineAudio(user, benLines()[0]!.id);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(
      'Character limit exceeded! You have 10 characters remaining this month. Upgrade to get unlimited access.',
    );
    const p = rehearsalPlanSchema.parse(
      (
        await plan(user, { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } })
      ).json(),
    );
    expect(p.lines[0]!.paid).toBe(false);
    expect(p.remaining).toBe(10);
  });

  it('makes a reader track: partner audio plus silences sized to the actor lines, kept in history', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/rehearsal/reader-track',
      payload: { scriptId: script.id, role: 'ANNA', voices: { BEN: voice['fake-tom'] } },
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(201);
    const track = readerTrackSchema.parse(res.json());
    const dialogue = script.analysis!.lines.filter((l) => l.kind === 'dialogue');
    expect(track.segments.map((s) => s.kind)).toEqual(
      dialogue.map((l) => (l.character === 'ANNA' ? 'gap' : 'partner')),
    );
    dialogue.forEach((line, i) => {
      const expected =
        line.character === 'ANNA' ? cuePauseMs(line.text) / 1000 : 0.1 * line.text.length;
      expect(track.segments[i]!.seconds).toBeCloseTo(expected, 1);
    });
    const sum = track.segments.reduce((a, s) => a + s.seconds, 0);
    expect(track.durationSeconds).toBeCloseTo(sum, 3);

    const file = await t.request({ method: 'GET', url: track.downloadUrl, cookie: user.cookie });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(Math.abs(seconds(file.rawPayload) - sum)).toBeLessThan(0.1);

    const history = await t.request({
      method: 'GET',
      url: '/api/readings',
      cookie: user.cookie,
    });
    const items = (history.json().generations ?? history.json()) as {
      id: string;
      scriptId: string | null;
      text: string;
    }[];
    expect(items.find((g) => g.id === track.generationId)).toMatchObject({
      scriptId: script.id,
      text: 'Reader track: Kitchen (you read ANNA)',
    });
    expect(await used(user)).toBe(30);

    const other = await createUser(t);
    expect(
      (await t.request({ method: 'GET', url: track.downloadUrl, cookie: other.cookie })).statusCode,
    ).toBe(404);
  });
  const track = (u: TestUser, scriptId: string, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/rehearsal/reader-track',
      payload: { scriptId, ...body },
      cookie: u.cookie,
    });
  const newScript = async (u: TestUser, content: string, extra: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: { title: 'Scene', content, ...extra },
      cookie: u.cookie,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Script;
  };

  it('refuses a split that invents lines the script does not hold, making and charging nothing', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const analysis = {
      format: 'plain',
      lines: [
        {
          id: 'l0',
          kind: 'dialogue',
          character: 'ANNA',
          text: 'A',
          direction: null,
          spoken: true,
          dual: false,
        },
        ...Array.from({ length: 200 }, (_, i) => ({
          id: `l${i + 1}`,
          kind: 'dialogue',
          character: 'BEN',
          text: words,
          direction: null,
          spoken: true,
          dual: false,
        })),
      ],
    };
    // Sent with the text: refused, nothing stored (decision 262).
    const before = await t.db.kysely
      .selectFrom('scripts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    const refused = await t.request({
      method: 'POST',
      url: '/api/scripts',
      payload: { title: 'Scene', content: 'A', analysis },
      cookie: user.cookie,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SPLIT_MISMATCH_MESSAGE);
    expect(
      await t.db.kysely.selectFrom('scripts').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual(before);

    // Stored before splits were checked when saved: its lines are checked when first rehearsed.
    const invented = await newScript(user, 'ANNA\nA\n');
    await t.db.kysely
      .updateTable('scripts')
      .set({ content: 'A', analysis: JSON.stringify(analysis) })
      .where('id', '=', invented.id)
      .execute();
    await t.db.kysely.deleteFrom('script_rehearsal').where('script_id', '=', invented.id).execute();
    const calls = engine.calls.length;
    const res = await track(user, invented.id, {
      role: 'ANNA',
      voices: { BEN: voice['fake-tom'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(SCENE_TEXT_MISMATCH_MESSAGE);
    const line = await t.request({
      method: 'POST',
      url: '/api/rehearsal/line-audio',
      payload: { scriptId: invented.id, lineId: 'l1', voiceId: voice['fake-tom'] },
      cookie: user.cookie,
    });
    expect(line.statusCode).toBe(400);
    expect(engine.calls.length).toBe(calls);
    expect(await used(user)).toBe(0);
  });

  it('refuses a reader track longer than 30 minutes before making or charging anything', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `beat${i}`).join(' ');
    // 61 actor lines of 80 words: their silences alone are 61 x 30 s.
    const content = `${Array.from({ length: 61 }, () => `ANNA\n${long}\n`).join('\n')}\nBEN\nYes.\n`;
    const scene = await newScript(user, content);
    const calls = engine.calls.length;
    const res = await track(user, scene.id, { role: 'ANNA', voices: { BEN: voice['fake-tom'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(READER_TRACK_TOO_LONG_MESSAGE);
    expect(engine.calls.length).toBe(calls);
    expect(await used(user)).toBe(0);
  });

  it('assembles the track in a worker-pool slot and streams it to storage in parts', async () => {
    const body = { role: 'ANNA', voices: { BEN: voice['fake-tom'] } };
    const writesBefore = audioWrites;
    expect((await track(user, script.id, body)).statusCode).toBe(201);
    expect(audioWrites - writesBefore).toBeGreaterThan(1);
    // Its lines are now paid and kept, so only the assembly needs the pool: with every slot
    // taken and the queue full, the track waits its turn like any synthesis, or is refused.
    const pool = t.ctx.workerPool;
    const { concurrency, maxQueue } = pool.stats();
    const held = await Promise.all(Array.from({ length: concurrency }, () => pool.acquire()));
    const waiting = Array.from({ length: maxQueue }, () => pool.acquire());
    try {
      const busy = await track(user, script.id, body);
      expect(busy.statusCode).toBe(429);
      expect(busy.json().error.message).toBe(QUEUE_FULL_MESSAGE);
    } finally {
      held.forEach((release) => release());
      await Promise.all(waiting.map((slot) => slot.then((release) => release())));
    }
    expect((await track(user, script.id, body)).statusCode).toBe(201);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });
  it('refuses a reader track once the kept audio reaches 500 MB, charging nothing', async () => {
    await insertKeptAudio(t, { userId: user.id, bytes: MAX_AUDIO_BYTES_PER_USER });
    const calls = engine.calls.length;
    const res = await track(user, script.id, { role: 'ANNA', voices: { BEN: voice['fake-tom'] } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'resource-exhausted',
      message: AUDIO_STORAGE_QUOTA_MESSAGE,
    });
    expect(engine.calls.length).toBe(calls);
    expect(await used(user)).toBe(0);
  });
});
