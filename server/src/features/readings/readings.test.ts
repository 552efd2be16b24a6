import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  AUDIO_STORAGE_QUOTA_MESSAGE,
  readingListSchema,
  MAX_AUDIO_BYTES_PER_USER,
  STUDIO_TEXTS,
} from '@doublecast/common/studio';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb, type TestDb } from '../../test/test-db';
import { insertKeptAudio } from '../../test/kept-audio';
import { createUser, type TestUser } from '../../test/factories';
import { postAndHangUp, postOverSocket } from '../../test/hang-up';
import { sumLedger } from '../usage/usage.repository';
import { createFakeSynthesis, synthesisInTurn } from '../../test/fake-synthesis';
import { createLocalStorage } from '../../adapters/storage/local-storage';
import type { StoragePort } from '../../adapters/storage/storage.types';
import type { SynthesisPort } from '../voices/synthesis.types';
import { FRAME_SECONDS } from '../../test/fixtures/mp3';
import { chargedSynthesisTuning as readingTuning } from './charged-synthesis';
import { lineChargeKey } from '../rehearsal/rehearsal.service';
import { reserveCharacters } from '../usage/usage.service';
import { KEY_REUSED_MESSAGE, KEY_RUNNING_MESSAGE } from './reading-requests.service';

describe('studio generations', () => {
  /** The running test's app (the helpers below talk to it). */
  let t: TestApp;
  let dataDir: string;
  // One database for the file (each test has users of its own): a new PostgreSQL database per
  // test would cost about a second each.
  let db: TestDb;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-studio-'));
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Builds this test's app over `voice` (and `storage` when given); it is closed after the test. */
  const useEngine = async <V extends SynthesisPort>(
    voice: V,
    options: { storage?: StoragePort } = {},
  ): Promise<V> => {
    const app = await createTestApp({
      env: { DATA_DIR: dataDir },
      db: { ...db, destroy: async () => {} },
      synthesis: voice,
      ...options,
    });
    onTestFinished(() => app.close());
    t = app;
    return voice;
  };
  const generate = (
    user: TestUser | null,
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method: 'POST',
      url: '/api/readings',
      payload: payload as object,
      cookie: user?.cookie,
      headers,
    });
  const usage = async (user: TestUser) =>
    (await t.request({ method: 'GET', url: '/api/usage', cookie: user.cookie })).json();
  const history = async (user: TestUser) =>
    readingListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/readings', cookie: user.cookie })).json(),
    ).generations;
  const ledgerMatches = async (user: TestUser) => {
    const month = '2026-03';
    const row = await t.db.kysely
      .selectFrom('usage_counters')
      .select('used')
      .where('user_id', '=', user.id)
      .where('month', '=', month)
      .executeTakeFirst();
    expect(Number(row?.used ?? 0)).toBe(await sumLedger(t.db.kysely, user.id, month));
  };
  const audioFiles = (user: TestUser) => {
    const dir = path.join(dataDir, 'audio', 'users', user.id, 'generations');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('streams the reading, stores it, and makes a history item with every field and its duration', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 200 }));
    const user = await createUser(t, { tier: 'paid' });
    const text = '  To be, or not to be: that is the question.  ';
    const res = await generate(user, {
      voiceId: 'v-ava',
      text,
      settings: { speed: 1.1, stability: 0.3, similarity: 0.8 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(engine.bytes())).toBe(true);
    const id = String(res.headers['x-generation-id']);
    expect(engine.calls[0]).toMatchObject({
      text: text.trim(),
      voiceId: 'v-ava',
      userId: user.id,
      settings: { speed: 1.1, stability: 0.3, similarity: 0.8 },
    });

    const items = await history(user);
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      id,
      userId: user.id,
      text: text.trim(),
      audioUrl: `/api/readings/${id}/audio`,
      voiceId: 'v-ava',
      voiceName: 'Voice v-ava',
      voiceGender: 'female',
      voiceAccent: 'american',
      voiceAge: 'young',
      voiceMetadata: { gender: 'female', accent: 'american', age: 'young' },
      createdAt: '2026-03-15T12:00:00.000Z',
      duration: expect.closeTo(200 * FRAME_SECONDS, 2),
      characterCount: text.trim().length,
      scriptId: null,
      isDeleted: false,
      deletedAt: null,
      updatedAt: '2026-03-15T12:00:00.000Z',
    });
    expect(await usage(user)).toMatchObject({ used: text.trim().length, limit: 30_000 });
    const ledger = await t.db.kysely
      .selectFrom('usage_ledger')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      action: 'generation',
      voice_id: 'v-ava',
      character_count: text.trim().length,
    });
    expect(Number(ledger[0]!.duration)).toBeCloseTo(200 * FRAME_SECONDS, 2);
    const events = await t.db.kysely
      .selectFrom('analytics_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(events.map((e) => e.name)).toEqual(['recording_created']);

    const audio = await t.request({ method: 'GET', url: items[0]!.audioUrl, cookie: user.cookie });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(engine.bytes())).toBe(true);
    const part = await t.request({
      method: 'GET',
      url: items[0]!.audioUrl,
      cookie: user.cookie,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${engine.bytes().length}`);
    expect(part.rawPayload.equals(engine.bytes().subarray(100, 200))).toBe(true);
    const download = await t.request({
      method: 'GET',
      url: `${items[0]!.audioUrl}?download=1`,
      cookie: user.cookie,
    });
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="20260315_Voicevava_To_be_or_not_to.mp3"',
    );

    const prefs = (
      await t.request({ method: 'GET', url: '/api/preferences', cookie: user.cookie })
    ).json();
    expect(prefs.recentVoiceIds).toEqual(['v-ava']);
    await ledgerMatches(user);
  });

  it('sends the first audio bytes before the engine has finished the reading', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 100, holdAfterFirst: true }));
    const user = await createUser(t, { tier: 'paid' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const body = JSON.stringify({ voiceId: 'v1', text: 'Streaming before the end.' });
      const firstChunk = await new Promise<{ id: string; bytes: number; finished: boolean }>(
        (resolve, reject) => {
          const req = http.request(
            {
              port,
              host: '127.0.0.1',
              path: '/api/readings',
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'sec-fetch-site': 'same-origin',
                cookie: user.cookie,
                'content-length': Buffer.byteLength(body),
              },
            },
            (res) => {
              let finished = false;
              res.once('data', (chunk: Buffer) =>
                resolve({
                  id: String(res.headers['x-generation-id']),
                  bytes: chunk.length,
                  finished,
                }),
              );
              res.on('end', () => (finished = true));
              res.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end(body);
        },
      );
      expect(firstChunk.bytes).toBeGreaterThan(0);
      expect(firstChunk.finished).toBe(false);
      // Nothing is in history until the reading is whole.
      expect(await history(user)).toHaveLength(0);
      engine.release();
      await expect
        .poll(async () => (await history(user)).map((g) => g.id), { timeout: 5_000 })
        .toEqual([firstChunk.id]);
    } finally {
      engine.release();
    }
  });

  it('refuses signed-out callers, free users and bad input with the spec texts, charging nothing', async () => {
    const engine = await useEngine(createFakeSynthesis());
    const signedOut = await generate(null, { voiceId: 'v1', text: 'Hello' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe(STUDIO_TEXTS.signInRequired);

    const free = await createUser(t, { tier: 'free' });
    const refused = await generate(free, { voiceId: 'v1', text: 'Hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission-denied');
    expect((await usage(free)).used).toBe(0);

    const paid = await createUser(t, { tier: 'paid' });
    const noVoice = await generate(paid, { voiceId: '', text: 'Hello' });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json().error.message).toBe('Please select a voice');
    const noText = await generate(paid, { voiceId: 'v1', text: ' \n\t ' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.message).toBe('Please enter some text');
    expect(engine.calls).toHaveLength(0);
    expect((await usage(paid)).used).toBe(0);
  });

  it('refuses a reading that would pass the monthly limit with the spec text, before synthesis', async () => {
    const engine = await useEngine(createFakeSynthesis());
    const user = await createUser(t, { tier: 'paid' });
    await t.db.kysely
      .insertInto('usage_counters')
      .values({
        user_id: user.id,
        month: '2026-03',
        used: 29_990,
        updated_at: '2026-03-15T12:00:00.000Z',
      })
      .execute();
    await t.db.kysely
      .insertInto('usage_ledger')
      .values({
        id: `seed-${user.id}`,
        user_id: user.id,
        month: '2026-03',
        kind: 'charge',
        action: 'rehearsal',
        voice_id: null,
        character_count: 29_990,
        idempotency_key: null,
        request_key: null,
        refund_of: null,
        duration: null,
        metadata: '{}',
        created_at: '2026-03-10T00:00:00.000Z',
      })
      .execute();
    const res = await generate(user, { voiceId: 'v1', text: 'Eleven char' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'resource-exhausted',
      message:
        'Character limit exceeded! You have 10 characters remaining this month. Your allowance resets on April 1, 2026.',
      details: {
        reason: 'character_limit_exceeded',
        currentUsage: 29_990,
        limit: 30_000,
        remaining: 10,
      },
    });
    expect(engine.calls).toHaveLength(0);
    expect((await generate(user, { voiceId: 'v1', text: 'Ten chars!' })).statusCode).toBe(200);
    expect(await usage(user)).toMatchObject({ used: 30_000, remaining: 0 });
    await ledgerMatches(user);
  });

  it('gives the characters back when the engine fails before the first byte', async () => {
    // The first reading fails before the engine starts, the second before its first byte.
    await useEngine(
      synthesisInTurn([
        createFakeSynthesis({ failAtStart: true }),
        createFakeSynthesis({ failAfterChunks: 0 }),
      ]),
    );
    const user = await createUser(t, { tier: 'paid' });
    const res = await generate(user, { voiceId: 'v1', text: 'This will fail.' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe(STUDIO_TEXTS.generateFailedRetry);
    expect((await usage(user)).used).toBe(0);

    const empty = await generate(user, { voiceId: 'v1', text: 'This fails too.' });
    expect(empty.statusCode).toBe(500);
    expect((await usage(user)).used).toBe(0);
    expect(await history(user)).toHaveLength(0);
    await ledgerMatches(user);
  });

  it('charges the sentences sent when the engine fails on the last one; keeps no file and no history', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 30, failOnCall: 2 }));
    const user = await createUser(t, { tier: 'paid' });
    const text = 'The first sentence. The second sentence. And the last one fails.';
    const headers = { 'idempotency-key': 'fails-late-0001' };
    // The stream breaks after two sentences of audio were sent.
    await generate(user, { voiceId: 'v1', text }, headers).catch(() => null);
    expect(engine.calls.map((c) => c.text)).toEqual([
      'The first sentence.',
      'The second sentence.',
      'And the last one fails.',
    ]);
    // The text up to the end of the last sentence sent stays charged; the rest is given back.
    const charged = 'The first sentence. The second sentence.'.length;
    await expect.poll(async () => (await usage(user)).used, { timeout: 5_000 }).toBe(charged);
    expect(await history(user)).toHaveLength(0);
    await expect.poll(() => audioFiles(user), { timeout: 5_000 }).toEqual([]);
    // The key was spent on audio that was delivered: its replay makes nothing new.
    const replay = await generate(user, { voiceId: 'v1', text }, headers);
    expect(replay.statusCode).toBe(404);
    expect(engine.calls).toHaveLength(3);
    expect((await usage(user)).used).toBe(charged);
    await ledgerMatches(user);
  });

  it('charges the sentence sent when the engine stalls mid-stream, and gives back the rest', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 100, holdAfterFirst: true }));
    const user = await createUser(t, { tier: 'paid' });
    const before = readingTuning.stallTimeoutMs;
    readingTuning.stallTimeoutMs = 200;
    try {
      const text = 'I will hang. Nobody hears this part.';
      const res = await generate(user, { voiceId: 'v1', text }).catch(() => null);
      expect(res?.rawPayload.length ?? 0).toBeLessThan(engine.bytes().length);
      await expect
        .poll(async () => (await usage(user)).used, { timeout: 5_000 })
        .toBe('I will hang.'.length);
      expect(await history(user)).toHaveLength(0);
      await ledgerMatches(user);
    } finally {
      readingTuning.stallTimeoutMs = before;
      engine.release();
    }
  });

  it('charges what was sent when the caller goes away: at 90% nearly all, at 30% a third', async () => {
    const sentences = Array.from({ length: 10 }, (_, i) => `Sentence number ${i + 1} is here.`);
    const text = sentences.join(' ');
    const upTo = (n: number) =>
      text.length - sentences.slice(n).join(' ').length - (n < 10 ? 1 : 0);
    for (const [share, atLeast, atMost] of [
      [0.9, upTo(9), text.length],
      [0.3, upTo(3), upTo(5)],
    ] as const) {
      const engine = await useEngine(
        createFakeSynthesis({ frames: 40, framesPerChunk: 5, chunkDelayMs: 15 }),
      );
      const user = await createUser(t, { tier: 'paid' });
      const received = await postAndHangUp(t, {
        path: '/api/readings',
        body: { voiceId: 'v1', text },
        cookie: user.cookie,
        enough: (n) => n >= 10 * engine.bytes().length * share,
      });
      expect(received).toBeGreaterThan(0);
      await expect.poll(() => engine.aborted, { timeout: 5_000 }).toBeGreaterThan(0);
      // Settled once the engine stopped: the sentences it was asked for were sent.
      await expect
        .poll(async () => (await usage(user)).used, { timeout: 5_000 })
        .toBe(upTo(engine.calls.length));
      const used = (await usage(user)).used as number;
      expect(used, `hung up at ${share}`).toBeGreaterThanOrEqual(atLeast);
      expect(used, `hung up at ${share}`).toBeLessThanOrEqual(atMost);
      expect(await history(user)).toHaveLength(0);
      await ledgerMatches(user);
    }
  });

  it('charges a retried request with the same Idempotency-Key once and answers the same reading', async () => {
    // One reading, then a retried one whose first try fails.
    const engine = createFakeSynthesis({ frames: 50 });
    await useEngine(
      synthesisInTurn([
        engine,
        createFakeSynthesis({ failAtStart: true }),
        createFakeSynthesis({ frames: 10 }),
      ]),
    );
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await generate(user, { voiceId: 'v1', text: 'Charged once.' }, headers);
    const second = await generate(user, { voiceId: 'v1', text: 'Charged once.' }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-generation-id']).toBe(first.headers['x-generation-id']);
    expect(second.headers['x-replayed']).toBe('1');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe('Charged once.'.length);
    expect(await history(user)).toHaveLength(1);

    // A retry of a failed request is charged once in all: the failure was given back.
    const failKey = { 'idempotency-key': 'retry-key-0002' };
    expect((await generate(user, { voiceId: 'v1', text: 'Second.' }, failKey)).statusCode).toBe(
      500,
    );
    expect((await generate(user, { voiceId: 'v1', text: 'Second.' }, failKey)).statusCode).toBe(
      200,
    );
    expect((await usage(user)).used).toBe('Charged once.'.length + 'Second.'.length);
    await ledgerMatches(user);
  });

  it('binds an Idempotency-Key to its request: another text, voice or settings is refused with 409', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 10 }));
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'bound-key-0001' };
    const body = { voiceId: 'v1', text: 'Hi.' };
    expect((await generate(user, body, headers)).statusCode).toBe(200);
    for (const other of [
      { ...body, text: 'A much longer text that was never paid for. '.repeat(20) },
      { ...body, voiceId: 'v2' },
      { ...body, settings: { speed: 1.2, stability: 0.5, similarity: 0.5 } },
    ]) {
      const res = await generate(user, other, headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'aborted', message: KEY_REUSED_MESSAGE });
    }
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe('Hi.'.length);
    // Keys are per user: someone else's identical key is simply a new request.
    const other = await createUser(t, { tier: 'paid' });
    expect((await generate(other, { voiceId: 'v1', text: 'Mine.' }, headers)).statusCode).toBe(200);
    expect((await usage(other)).used).toBe('Mine.'.length);
    await ledgerMatches(user);
  });

  it('answers a replay whose reading was deleted with nothing: no new synthesis, no new charge', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 10 }));
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'deleted-key-0001' };
    const first = await generate(user, { voiceId: 'v1', text: 'Hey.' }, headers);
    const id = String(first.headers['x-generation-id']);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/readings/${id}`,
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(204);
    const replay = await generate(user, { voiceId: 'v1', text: 'Hey.' }, headers);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().error.code).toBe('not-found');
    const attack = await generate(
      user,
      { voiceId: 'v1', text: 'Something else entirely, and long. '.repeat(30) },
      headers,
    );
    expect(attack.statusCode).toBe(409);
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe('Hey.'.length);
    await ledgerMatches(user);
  });

  it('refuses the same key while its first request is still running, making nothing twice', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 100, holdAfterFirst: true }));
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'running-key-0001' };
    const first = generate(user, { voiceId: 'v1', text: 'Still going.' }, headers);
    await expect.poll(() => engine.calls.length).toBe(1);
    const second = await generate(user, { voiceId: 'v1', text: 'Still going.' }, headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'aborted', message: KEY_RUNNING_MESSAGE });
    engine.release();
    expect((await first).statusCode).toBe(200);
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe('Still going.'.length);
  });

  it('refuses the key while its first request has sent nothing; that one hanging up frees it, and the retry pays once', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 20, holdBeforeFirst: true }));
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'hangup-key-0001' };
    const body = { voiceId: 'v1', text: 'Paid for once.' };
    let received = 0;
    const first = await postOverSocket(
      t,
      { path: '/api/readings', body, cookie: user.cookie, headers },
      (res) => res.on('data', (chunk: Buffer) => (received += chunk.length)),
    );
    first.on('error', () => undefined);
    await expect.poll(() => engine.calls.length).toBe(1);
    const second = await generate(user, body, headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'aborted', message: KEY_RUNNING_MESSAGE });
    first.destroy();
    await expect.poll(() => engine.aborted).toBe(1);
    await expect
      .poll(async () =>
        t.db.kysely
          .selectFrom('reading_requests')
          .select('state')
          .where('user_id', '=', user.id)
          .execute(),
      )
      .toEqual([]);
    engine.release();
    expect(received).toBe(0);
    expect((await usage(user)).used).toBe(0);
    const retry = await generate(user, body, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['x-replayed']).toBe('0');
    expect((await usage(user)).used).toBe(body.text.length);
    await ledgerMatches(user);
  });

  it("never lets a Studio key reach a rehearsal line's charge", async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 10 }));
    const user = await createUser(t, { tier: 'paid' });
    const lineKey = `rehearsal:${lineChargeKey('v1', 'Yes.')}`;
    await reserveCharacters(t.ctx, {
      userId: user.id,
      characters: 4,
      idempotencyKey: lineKey,
      action: 'rehearsal',
      voiceId: 'v1',
    });
    const text = 'A Studio reading that must be paid for.';
    const res = await generate(user, { voiceId: 'v1', text }, { 'idempotency-key': lineKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-replayed']).toBe('0');
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe(4 + text.length);
    await ledgerMatches(user);
  });

  it('refuses a new reading once the kept audio reaches 500 MB, with a clear 429 and no charge', async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 10 }));
    const user = await createUser(t, { tier: 'paid' });
    const headers = { 'idempotency-key': 'quota-key-0001' };
    const kept = await generate(user, { voiceId: 'v1', text: 'Kept.' }, headers);
    const keptId = String(kept.headers['x-generation-id']);
    const big = await insertKeptAudio(t, {
      userId: user.id,
      bytes: MAX_AUDIO_BYTES_PER_USER - 100,
    });
    const usedBefore = (await usage(user)).used;
    const refused = await generate(user, { voiceId: 'v1', text: 'One more.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: AUDIO_STORAGE_QUOTA_MESSAGE,
      details: {
        reason: 'audio_storage_quota_exceeded',
        usedBytes: MAX_AUDIO_BYTES_PER_USER - 100 + engine.bytes().length,
        limitBytes: MAX_AUDIO_BYTES_PER_USER,
      },
    });
    expect(AUDIO_STORAGE_QUOTA_MESSAGE).toContain('500 MB');
    expect(engine.calls).toHaveLength(1);
    expect((await usage(user)).used).toBe(usedBefore);
    // A replay stores nothing new, so it is still answered.
    const replay = await generate(user, { voiceId: 'v1', text: 'Kept.' }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['x-generation-id']).toBe(keptId);
    // Deleting a reading frees its room.
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/readings/${big}`,
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(204);
    expect((await generate(user, { voiceId: 'v1', text: 'One more.' })).statusCode).toBe(200);
  });

  it('keeps files and items to their owner: other users get not-found, admins may listen', async () => {
    await useEngine(createFakeSynthesis({ frames: 20 }));
    const owner = await createUser(t, { tier: 'paid' });
    const other = await createUser(t, { tier: 'paid' });
    const admin = await createUser(t, { tier: 'paid', role: 'admin' });
    const id = String(
      (await generate(owner, { voiceId: 'v1', text: 'Mine.' })).headers['x-generation-id'],
    );
    const url = `/api/readings/${id}`;
    for (const [method, u] of [
      ['GET', `${url}/audio`],
      ['DELETE', url],
      ['POST', `${url}/plays`],
    ] as const) {
      const res = await t.request({
        method,
        url: u,
        cookie: other.cookie,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${u}`).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
    expect(await history(other)).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: `${url}/audio`, cookie: admin.cookie })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: `${url}/audio` })).statusCode).toBe(401);
    // The owner's item is untouched.
    expect((await history(owner)).map((g) => g.id)).toEqual([id]);
  });

  it("refuses to tag a reading with another user's script, charging nothing", async () => {
    const engine = await useEngine(createFakeSynthesis({ frames: 10 }));
    const owner = await createUser(t, { tier: 'paid' });
    const other = await createUser(t, { tier: 'paid' });
    const created = await t.request({
      method: 'POST',
      url: '/api/scripts',
      cookie: owner.cookie,
      payload: { title: 'Scene', content: 'ANNA: Hello.', tags: [] },
    });
    expect(created.statusCode).toBeLessThan(300);
    const scriptId = created.json().script?.id ?? created.json().id;
    const res = await generate(other, { voiceId: 'v-ava', text: 'Hello there.', scriptId });
    expect(res.statusCode).toBe(404);
    expect(engine.calls).toHaveLength(0);
    expect((await usage(other)).used).toBe(0);
    const own = await generate(owner, { voiceId: 'v-ava', text: 'Hello there.', scriptId });
    expect(own.statusCode).toBe(200);
  });

  it('records plays and soft-deletes: the item leaves the list and its audio is gone', async () => {
    await useEngine(createFakeSynthesis({ frames: 20 }));
    const user = await createUser(t, { tier: 'paid' });
    const a = String(
      (await generate(user, { voiceId: 'v1', text: 'First.' })).headers['x-generation-id'],
    );
    t.clock.advance(1000);
    const b = String(
      (await generate(user, { voiceId: 'v2', text: 'Second.' })).headers['x-generation-id'],
    );
    expect((await history(user)).map((g) => g.id)).toEqual([b, a]);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/readings/${a}/plays`,
          payload: {},
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(204);
    const played = await t.db.kysely
      .selectFrom('analytics_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('name', '=', 'recording_played')
      .execute();
    expect(played).toHaveLength(1);
    expect(JSON.parse(played[0]!.properties)).toMatchObject({ generationId: a });

    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/readings/${a}`,
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(204);
    expect((await history(user)).map((g) => g.id)).toEqual([b]);
    const row = await t.db.kysely
      .selectFrom('generations')
      .selectAll()
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_deleted: 1, deleted_at: t.clock.now().toISOString() });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/readings/${a}/audio`,
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/readings/${a}`,
          cookie: user.cookie,
        })
      ).statusCode,
    ).toBe(404);
    t.clock.set('2026-03-15T12:00:00Z');
  });

  it('plays the whole reading even when saving it to history fails (the failure is only logged)', async () => {
    const storage = createLocalStorage(path.join(dataDir, 'audio'));
    const engine = await useEngine(createFakeSynthesis({ frames: 60 }), {
      storage: { ...storage, read: () => Promise.reject(new Error('disk on fire')) },
    });
    const user = await createUser(t, { tier: 'paid' });
    const res = await generate(user, { voiceId: 'v1', text: 'Keep playing.' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(engine.bytes())).toBe(true);
    expect(await history(user)).toHaveLength(0);
    // The reading was delivered, so it stays charged.
    expect((await usage(user)).used).toBe('Keep playing.'.length);
  });

  it('limits generation to 10 a minute per user with Retry-After', async () => {
    await useEngine(createFakeSynthesis({ frames: 2 }));
    const user = await createUser(t, { tier: 'paid' });
    const other = await createUser(t, { tier: 'paid' });
    for (let i = 0; i < 10; i++) {
      expect((await generate(user, { voiceId: 'v1', text: `Line ${i}` })).statusCode).toBe(200);
    }
    const limited = await generate(user, { voiceId: 'v1', text: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generate(other, { voiceId: 'v1', text: 'Someone else' })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await generate(user, { voiceId: 'v1', text: 'A minute later' })).statusCode).toBe(200);
    expect((await history(user)).length).toBe(11);
    t.clock.set('2026-03-15T12:00:00Z');
  });
});

describe('preferences', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-prefs-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir },
      synthesis: createFakeSynthesis({ frames: 2 }),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts from the spec defaults and saves favourites, default voice and audio settings', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const get = async () =>
      (await t.request({ method: 'GET', url: '/api/preferences', cookie: user.cookie })).json();
    expect(await get()).toEqual({
      userId: user.id,
      favoriteVoiceIds: [],
      defaultVoiceId: null,
      recentVoiceIds: [],
      audioSettings: { defaultSpeed: 1, defaultStability: 0.5, defaultSimilarity: 0.5 },
      updatedAt: null,
    });
    const saved = await t.request({
      method: 'PATCH',
      url: '/api/preferences',
      cookie: user.cookie,
      payload: {
        favoriteVoiceIds: ['a', 'b', 'a'],
        defaultVoiceId: 'b',
        audioSettings: { defaultSpeed: 1.1, defaultStability: 0.25 },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await get()).toMatchObject({
      favoriteVoiceIds: ['a', 'b'],
      defaultVoiceId: 'b',
      audioSettings: { defaultSpeed: 1.1, defaultStability: 0.25, defaultSimilarity: 0.5 },
    });
    const bad = await t.request({
      method: 'PATCH',
      url: '/api/preferences',
      cookie: user.cookie,
      payload: { recentVoiceIds: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    const outOfRange = await t.request({
      method: 'PATCH',
      url: '/api/preferences',
      cookie: user.cookie,
      payload: { audioSettings: { defaultStability: 2 } },
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('keeps the 5 most recent voices of readings, most recent first, without duplicates', async () => {
    const user = await createUser(t, { tier: 'paid' });
    for (const v of ['v1', 'v2', 'v3', 'v2', 'v4', 'v5', 'v6']) {
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/readings',
            cookie: user.cookie,
            payload: { voiceId: v, text: `With ${v}` },
          })
        ).statusCode,
      ).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (await t.request({ method: 'GET', url: '/api/preferences', cookie: user.cookie })).json()
            .recentVoiceIds,
      )
      .toEqual(['v6', 'v5', 'v4', 'v2', 'v3']);
  });
});
