import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeVoiceEngine, readAll } from '../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, TEST_ADMIN } from '../../test/factories';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import { QUEUE_FULL_MESSAGE } from '../../lib/worker-pool';
import type { SynthesisService } from './synthesis.service';
import { createInProcessMetricEvents } from '../../shared/metric-events';
import {
  setVoicesFeatured,
  updateEnabledVoices,
  updateUserVoicePermissions,
} from '../admin/voices/voices-admin.service';

describe('synthesis service', () => {
  let t: TestApp;
  let dataDir: string;
  const engine = createFakeVoiceEngine();
  let voiceIds: Record<string, string>;
  let n = 0;
  const fresh = (label = 'line') => `Fresh ${label} number ${++n}.`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir },
      engine,
      synthesisTuning: { concurrency: 1, maxQueue: 1, stallTimeoutMs: 300 },
    });
    const rows = await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute();
    voiceIds = Object.fromEntries(rows.map((r) => [r.provider_voice_id, r.id]));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    engine.setMode('ok');
  });

  const synth = (
    text: string,
    extra: Partial<Parameters<TestApp['ctx']['synthesis']['synthesize']>[0]> = {},
  ) =>
    t.ctx.synthesis.synthesize({
      text,
      voiceId: voiceIds['fake-tom']!,
      settings: DEFAULT_SYNTHESIS_SETTINGS,
      userId: null,
      requestId: `r-${text.length}`,
      ...extra,
    });

  it("keeps each user's audio in their own cache: another user's identical text is made anew", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const text = fresh('private');
    const before = engine.calls.length;
    const first = await synth(text, { userId: owner.id });
    await readAll(first.audio);
    await first.done;
    const again = await synth(text, { userId: owner.id });
    expect(again.cached).toBe(true);
    await readAll(again.audio);
    expect(engine.calls.length).toBe(before + 1);
    // Nothing about the first user's reading reaches the second: no cache hit, a new synthesis.
    const theirs = await synth(text, { userId: other.id });
    expect(theirs.cached).toBe(false);
    await readAll(theirs.audio);
    await theirs.done;
    expect(engine.calls.length).toBe(before + 2);
    // Public audio (a preview greeting) is shared by everyone.
    const greeting = fresh('greeting');
    const shared = await synth(greeting, { userId: owner.id, shared: true });
    await readAll(shared.audio);
    await shared.done;
    const sharedAgain = await synth(greeting, { userId: other.id, shared: true });
    expect(sharedAgain.cached).toBe(true);
    await readAll(sharedAgain.audio);
  });

  it('streams the engine audio and stores it; the same request again makes no engine call', async () => {
    const text = fresh();
    const before = engine.calls.length;
    const first = await synth(text);
    expect(first.cached).toBe(false);
    expect(first.voice).toMatchObject({
      name: 'Tom',
      gender: 'male',
      accent: 'american',
      age: 'middle',
    });
    const bytes = await readAll(first.audio);
    expect(bytes.toString()).toBe(`FAKEMP3|fake-tom|1|${text}`);
    expect(await first.done).toEqual({ bytes: bytes.length });
    expect(engine.calls.length).toBe(before + 1);

    const second = await synth(text);
    expect(second.cached).toBe(true);
    expect((await readAll(second.audio)).equals(bytes)).toBe(true);
    expect(engine.calls.length).toBe(before + 1);
    const files = fs.readdirSync(path.join(dataDir, 'cache', 'tts'));
    expect(files.filter((f) => f.endsWith('.mp3')).length).toBeGreaterThan(0);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('synthesises again when the text, voice or settings differ', async () => {
    const text = fresh();
    await readAll((await synth(text)).audio);
    const before = engine.calls.length;
    await readAll(
      (await synth(text, { settings: { ...DEFAULT_SYNTHESIS_SETTINGS, speed: 1.1 } })).audio,
    );
    await readAll((await synth(text, { voiceId: voiceIds['fake-ann']! })).audio);
    expect(engine.calls.length).toBe(before + 2);
  });

  it('shares one synthesis between identical requests in flight', async () => {
    engine.setMode('gate');
    const text = fresh();
    const before = engine.calls.length;
    const a = await synth(text);
    const b = await synth(text);
    engine.open();
    const [x, y] = await Promise.all([readAll(a.audio), readAll(b.audio)]);
    expect(x.equals(y)).toBe(true);
    expect(x.length).toBeGreaterThan(0);
    expect(engine.calls.length).toBe(before + 1);
  });

  it('queues beyond the pool and answers resource-exhausted when the queue is full', async () => {
    engine.setMode('gate');
    const running = await synth(fresh('running'));
    const queued = synth(fresh('queued'));
    const service = t.ctx.synthesis as SynthesisService;
    await vi.waitFor(() => expect(service.poolStats()).toMatchObject({ running: 1, queued: 1 }));
    await expect(synth(fresh('refused'))).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: QUEUE_FULL_MESSAGE,
    });
    engine.open();
    await readAll(running.audio);
    const second = await queued;
    await new Promise((r) => setImmediate(r));
    engine.open();
    expect((await readAll(second.audio)).length).toBeGreaterThan(0);
  });

  it('gives up on an engine that hangs, records the error and frees the slot', async () => {
    engine.setMode('hang');
    const text = fresh('hang');
    const result = await synth(text, { userId: null, requestId: 'hang-req' });
    await expect(readAll(result.audio)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(result.done).rejects.toMatchObject({ code: 'unavailable' });
    const row = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'hang-req')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('error');
    expect(row.error).toContain('timed out');
    engine.setMode('ok');
    expect((await readAll((await synth(fresh())).audio)).length).toBeGreaterThan(0);
  });

  it('fails the stream when the engine fails mid-way and stores nothing', async () => {
    engine.setMode('fail-mid-stream');
    const text = fresh('broken');
    const result = await synth(text);
    await expect(readAll(result.audio)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(result.done).rejects.toBeTruthy();
    engine.setMode('ok');
    const before = engine.calls.length;
    const again = await synth(text);
    expect(again.cached).toBe(false);
    await readAll(again.audio);
    expect(engine.calls.length).toBe(before + 1);
  });

  it('records every provider request with user, request id, voice, characters, latency, status and settings', async () => {
    const user = await createUser(t, { tier: 'paid' });
    const text = fresh('metric');
    const result = await synth(text, {
      userId: user.id,
      requestId: 'metric-req',
      settings: { speed: 0.9, stability: 0.3, similarity: 0.8 },
    });
    await readAll(result.audio);
    await result.done;
    const row = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'metric-req')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      provider: 'local',
      user_id: user.id,
      voice_id: voiceIds['fake-tom'],
      voice_name: 'Tom',
      character_count: text.length,
      status: 'success',
      error: null,
      credits_used: text.length,
      model_id: 'fake-model',
      endpoint: 'text-to-speech',
      created_at: '2026-03-15T12:00:00.000Z',
    });
    expect(row.provider_request_id).toMatch(/^req-/);
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row.request_metadata)).toEqual({
      voice_settings: { stability: 0.3, similarity_boost: 0.8, speed: 0.9 },
    });
    // A cache hit is not a provider request.
    const count = async () =>
      (
        await t.db.kysely
          .selectFrom('voice_provider_metrics')
          .select('id')
          .where('request_id', '=', 'metric-req-2')
          .execute()
      ).length;
    await readAll(
      (
        await synth(text, {
          userId: user.id,
          requestId: 'metric-req-2',
          settings: { speed: 0.9, stability: 0.3, similarity: 0.8 },
        })
      ).audio,
    );
    expect(await count()).toBe(0);
  });

  it('refuses unknown, disabled and forbidden voices with not-found, and empty text', async () => {
    await expect(synth(fresh(), { voiceId: 'no-such-voice' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(synth('   ')).rejects.toMatchObject({ code: 'invalid-argument' });

    const user = await createUser(t, { tier: 'paid' });
    await updateUserVoicePermissions(t.ctx, {
      admin: TEST_ADMIN,
      userId: user.id,
      voiceIds: [voiceIds['fake-ann']!],
    });
    await expect(synth(fresh(), { userId: user.id })).rejects.toMatchObject({ code: 'not-found' });
    await readAll(
      (await synth(fresh(), { userId: user.id, voiceId: voiceIds['fake-ann']! })).audio,
    );

    // Visitors (previews) may use featured voices only.
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [voiceIds['fake-zoe']!],
      featured: false,
    });
    await expect(synth(fresh(), { voiceId: voiceIds['fake-zoe']! })).rejects.toMatchObject({
      code: 'not-found',
    });

    await updateEnabledVoices(t.ctx, {
      admin: TEST_ADMIN,
      enabledVoiceIds: [voiceIds['fake-ann']!, voiceIds['fake-zoe']!],
    });
    await expect(synth(fresh())).rejects.toMatchObject({ code: 'not-found' });
    await updateEnabledVoices(t.ctx, {
      admin: TEST_ADMIN,
      enabledVoiceIds: Object.values(voiceIds),
    });
    await setVoicesFeatured(t.ctx, {
      admin: TEST_ADMIN,
      voiceIds: [voiceIds['fake-zoe']!],
      featured: true,
    });
  });
});

describe('synthesis service after a failure', () => {
  it('makes the audio anew for a request that comes while the failure is still being recorded', async () => {
    // The metric row of the failed synthesis is written after its readers were told: a request
    // arriving in between must start a new synthesis, not join the one that failed (on
    // PostgreSQL the metric write is slow enough for the next request to arrive in between).
    let releaseRecord!: () => void;
    const recordHeld = new Promise<void>((resolve) => (releaseRecord = resolve));
    let recording!: () => void;
    const recordStarted = new Promise<void>((resolve) => (recording = resolve));
    const bus = createInProcessMetricEvents();
    const engine = createFakeVoiceEngine();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voices-'));
    const t = await createTestApp({
      env: { DATA_DIR: dataDir },
      engine,
      metricEvents: {
        ...bus,
        async publish(event) {
          recording();
          await recordHeld;
          await bus.publish(event);
        },
      },
    });
    try {
      const row = await t.db.kysely
        .selectFrom('voices')
        .select('id')
        .where('provider_voice_id', '=', 'fake-tom')
        .executeTakeFirstOrThrow();
      const synth = () =>
        t.ctx.synthesis.synthesize({
          text: 'A preview that fails once.',
          voiceId: row.id,
          settings: DEFAULT_SYNTHESIS_SETTINGS,
          userId: null,
          requestId: 'r-fail',
          shared: true,
        });
      engine.setMode('fail-mid-stream');
      const failed = await synth();
      await expect(readAll(failed.audio)).rejects.toThrow('Fake engine dropped the stream');
      await recordStarted;
      engine.setMode('gate');
      const again = await synth();
      expect(again.cached).toBe(false);
      // The failed synthesis finishing its record leaves the new one in flight: a third request
      // joins it instead of making the audio a third time.
      releaseRecord();
      await failed.done.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      const third = await synth();
      expect(third.cached).toBe(true);
      engine.open();
      expect((await readAll(again.audio)).length).toBeGreaterThan(8);
      expect(await readAll(third.audio)).toEqual(await readAll((await synth()).audio));
      expect(engine.calls.length).toBe(2);
    } finally {
      releaseRecord();
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
