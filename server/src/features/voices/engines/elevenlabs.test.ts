import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordingLogger, rejection } from '../../../test/recording-logger';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createFakeElevenLabs,
  type FakeElevenLabs,
  type FakeElevenLabsOptions,
} from '../../../test/fakes/fake-elevenlabs';
import {
  ELEVENLABS_ABORTED_MESSAGE,
  ELEVENLABS_BUSY_MESSAGE,
  ELEVENLABS_QUOTA_MESSAGE,
  ELEVENLABS_TEXT_TOO_LONG_MESSAGE,
  ELEVENLABS_UNAVAILABLE_MESSAGE,
  ELEVENLABS_VOICE_NOT_FOUND_MESSAGE,
  createElevenLabsEngine,
  mapVoice,
  parseDetail,
  parseRetryAfter,
  type ElevenLabsEngineOptions,
} from './elevenlabs';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import type { SynthesisRequest } from './engine';

const RACHEL = '21m00Tcm4TlvDq8ikWAM';
const GEORGE = 'JBFqnCBsd6RMkjVDRZzb';

/** Starts a fake with `fakeOptions` and an engine pointed at it; stopped after each test. */
const started: FakeElevenLabs[] = [];
async function setUp(
  fakeOptions: FakeElevenLabsOptions = {},
  engineOptions: Partial<ElevenLabsEngineOptions> = {},
) {
  const fake = createFakeElevenLabs({ chunkDelayMs: 5, ...fakeOptions });
  started.push(fake);
  await fake.start();
  const log = recordingLogger();
  const engine = createElevenLabsEngine({
    apiKey: 'test-key',
    baseUrl: fake.baseUrl,
    modelId: 'eleven_multilingual_v2',
    log: log as unknown as FastifyBaseLogger,
    retryBaseDelayMs: 10,
    maxRetryDelayMs: 2000,
    ...engineOptions,
  });
  const ttsRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'));
  return { fake, engine, log, ttsRequests };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

function request(text: string, overrides: Partial<SynthesisRequest> = {}): SynthesisRequest {
  return { text, providerVoiceId: RACHEL, settings: DEFAULT_SYNTHESIS_SETTINGS, ...overrides };
}

/** Reads a stream to its end, noting when the first bytes and the end arrived. */
async function collect(stream: Readable) {
  const started = Date.now();
  const chunks: Buffer[] = [];
  let firstChunkAfterMs = -1;
  for await (const chunk of stream) {
    if (firstChunkAfterMs < 0) firstChunkAfterMs = Date.now() - started;
    chunks.push(chunk as Buffer);
  }
  return {
    audio: Buffer.concat(chunks),
    chunks: chunks.length,
    firstChunkAfterMs,
    endAfterMs: Date.now() - started,
  };
}

describe('ElevenLabs engine: synthesis', () => {
  it('streams MP3 from /stream with the model, clamped settings and the output format', async () => {
    const { engine, fake, ttsRequests } = await setUp();
    const result = await engine.synthesize(
      request('Hello there, scene partner.', {
        settings: { speed: 2, stability: 0.3, similarity: 0.9 },
      }),
    );
    const { audio } = await collect(result.audio);
    expect(audio.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xfb, 0x90, 0x64]));
    expect(audio.length % 417).toBe(0);

    const [sent] = ttsRequests();
    expect(sent).toMatchObject({
      method: 'POST',
      path: `/v1/text-to-speech/${RACHEL}/stream`,
      query: { output_format: 'mp3_44100_128' },
      body: {
        text: 'Hello there, scene partner.',
        model_id: 'eleven_multilingual_v2',
        voice_settings: { stability: 0.3, similarity_boost: 0.9, speed: 1.2 },
      },
    });
    expect(sent!.headers['xi-api-key']).toBe('test-key');

    const done = await result.done;
    expect(done.providerRequestId).toMatch(/^[0-9a-f]{20}$/);
    expect(done.credits).toBe('Hello there, scene partner.'.length);
    expect(done.modelId).toBe('eleven_multilingual_v2');
    expect(fake.state.characterCount).toBe('Hello there, scene partner.'.length);
  });

  it('clamps a speed below 0.7 up to 0.7 and reports half-price credits for Flash v2.5', async () => {
    const { engine, ttsRequests } = await setUp({}, { modelId: 'eleven_flash_v2_5' });
    const result = await engine.synthesize(
      request('Ten chars!', { settings: { speed: 0.2, stability: 0.5, similarity: 0.5 } }),
    );
    await collect(result.audio);
    expect(
      (ttsRequests()[0]!.body as { voice_settings: { speed: number } }).voice_settings.speed,
    ).toBe(0.7);
    expect(await result.done).toMatchObject({ credits: 5, modelId: 'eleven_flash_v2_5' });
    expect(engine.version).toContain('eleven_flash_v2_5');
  });

  it('hands out the first bytes while the provider is still sending', async () => {
    const { engine, fake } = await setUp({ chunkCount: 4, chunkDelayMs: 150 });
    const result = await engine.synthesize(
      request('A line long enough to need several chunks of audio.'),
    );
    let inFlightAtFirstChunk = -1;
    result.audio.once('data', () => {
      inFlightAtFirstChunk = fake.state.inFlight;
    });
    const { chunks, firstChunkAfterMs, endAfterMs } = await collect(result.audio);
    expect(inFlightAtFirstChunk).toBe(1);
    expect(chunks).toBeGreaterThanOrEqual(4);
    expect(endAfterMs - firstChunkAfterMs).toBeGreaterThanOrEqual(300);
  });

  it('honours an abort while waiting for the provider', async () => {
    const { engine, ttsRequests } = await setUp({ slowMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejection(
      engine.synthesize(request('__slow__ line', { signal: controller.signal })),
    );
    expect(error).toMatchObject({ code: 'aborted', message: ELEVENLABS_ABORTED_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ttsRequests()).toHaveLength(1);
  });

  it('honours an abort mid-stream: the stream fails, done rejects, the provider connection closes', async () => {
    const { engine, fake } = await setUp({ chunkCount: 4, chunkDelayMs: 300 });
    const controller = new AbortController();
    const result = await engine.synthesize(
      request('A line that is cut off.', { signal: controller.signal }),
    );
    result.audio.once('data', () => controller.abort());
    const streamError = await rejection(collect(result.audio));
    expect(streamError.code).toBe('aborted');
    expect((await rejection(result.done)).code).toBe('aborted');
    await vi.waitFor(() => expect(fake.state.inFlight).toBe(0), { timeout: 2000 });
  });

  it('honours an abort during a backoff wait', async () => {
    const { engine, ttsRequests } = await setUp(
      {},
      { retryBaseDelayMs: 5000, maxRetryDelayMs: 10_000 },
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const error = await rejection(
      engine.synthesize(request('__busy__', { signal: controller.signal })),
    );
    expect(error.code).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(ttsRequests()).toHaveLength(1);
  });

  it('gives up on a provider that does not answer, without asking twice', async () => {
    const { engine, ttsRequests } = await setUp({ slowMs: 5000 }, { firstByteTimeoutMs: 200 });
    const started = Date.now();
    const error = await rejection(engine.synthesize(request('__slow__ line')));
    expect(error).toMatchObject({ code: 'unavailable', message: ELEVENLABS_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(ttsRequests()).toHaveLength(1);
  });

  it('fails the stream when the provider goes quiet mid-stream', async () => {
    const { engine } = await setUp({ chunkCount: 3, chunkDelayMs: 600 }, { idleTimeoutMs: 150 });
    const result = await engine.synthesize(request('A line whose audio stalls.'));
    expect((await rejection(collect(result.audio))).code).toBe('unavailable');
    expect((await rejection(result.done)).code).toBe('unavailable');
  });
});

describe('ElevenLabs engine: error mapping', () => {
  it('maps an unknown voice (404 voice_not_found) to not-found without retrying', async () => {
    const { engine, ttsRequests } = await setUp();
    const error = await rejection(
      engine.synthesize(request('Hi', { providerVoiceId: 'no-such-voice' })),
    );
    expect(error).toMatchObject({ code: 'not-found', message: ELEVENLABS_VOICE_NOT_FOUND_MESSAGE });
    expect(ttsRequests()).toHaveLength(1);
  });

  it('maps the older 400 voice_not_found to not-found', async () => {
    const { engine, fake } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 400,
      body: {
        detail: {
          status: 'voice_not_found',
          message: 'A voice with the voice_id foo was not found.',
        },
      },
    });
    expect((await rejection(engine.synthesize(request('Hi')))).code).toBe('not-found');
  });

  it('maps 400 max_character_limit_exceeded to invalid-argument', async () => {
    const { engine, ttsRequests, fake } = await setUp();
    const error = await rejection(engine.synthesize(request('x'.repeat(10_001))));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: ELEVENLABS_TEXT_TOO_LONG_MESSAGE,
    });
    expect(ttsRequests()).toHaveLength(1);
    expect(fake.state.characterCount).toBe(0);
  });

  it('maps a 422 validation list to invalid-argument with the problems', async () => {
    const { engine, fake } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 422,
      body: {
        detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }],
      },
    });
    const error = await rejection(engine.synthesize(request('Hi')));
    expect(error.code).toBe('invalid-argument');
    expect(error.details).toEqual({ problems: [{ loc: ['body', 'text'], msg: 'field required' }] });
  });

  it('maps 401 quota_exceeded to resource-exhausted and does not retry', async () => {
    const { engine, ttsRequests, log } = await setUp({ characterLimit: 10 });
    const error = await rejection(engine.synthesize(request('Twenty characters!!!')));
    expect(error).toMatchObject({ code: 'resource-exhausted', message: ELEVENLABS_QUOTA_MESSAGE });
    expect(ttsRequests()).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        providerStatus: 'quota_exceeded',
        providerMessage:
          'This request exceeds your quota of 10. You have 10 credits remaining, while 20 credits are required for this request.',
      }),
      'ElevenLabs character quota exceeded',
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it.each([
    ['bad-key', 'invalid_api_key'],
    ['no-perms', 'missing_permissions'],
  ])(
    'logs key %s as a configuration error and answers unavailable',
    async (apiKey, providerStatus) => {
      const { engine, ttsRequests, log } = await setUp({}, { apiKey });
      const error = await rejection(engine.synthesize(request('Hi')));
      expect(error).toMatchObject({ code: 'unavailable', message: ELEVENLABS_UNAVAILABLE_MESSAGE });
      expect(ttsRequests()).toHaveLength(1);
      expect(log.error).toHaveBeenCalledTimes(1);
      const [context, message] = log.error.mock.calls[0]!;
      expect(context).toMatchObject({ httpStatus: 401, providerStatus });
      expect(message).toMatch(/^ElevenLabs configuration error: .*ELEVENLABS_API_KEY/);
      expect(JSON.stringify(log.error.mock.calls)).not.toContain(
        apiKey === 'bad-key' ? 'test-key' : 'xi-api-key',
      );
    },
  );

  it('retries 5xx and then answers unavailable', async () => {
    const { engine, ttsRequests } = await setUp();
    const error = await rejection(engine.synthesize(request('__500__')));
    expect(error).toMatchObject({ code: 'unavailable', message: ELEVENLABS_UNAVAILABLE_MESSAGE });
    expect(ttsRequests()).toHaveLength(3);
  });

  it('reads a 500 body that has no detail wrapper', async () => {
    const { engine, fake, log } = await setUp({}, { maxRetries: 0 });
    fake.injectFaults({
      kind: 'status',
      status: 500,
      body: { status: 'internal_server_error', message: 'Internal Server error.' },
    });
    expect((await rejection(engine.synthesize(request('Hi')))).code).toBe('unavailable');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ providerStatus: 'internal_server_error' }),
      'ElevenLabs failed',
    );
  });

  it('retries system_busy and then answers unavailable', async () => {
    const { engine, ttsRequests } = await setUp();
    const error = await rejection(engine.synthesize(request('__busy__')));
    expect(error.code).toBe('unavailable');
    expect(ttsRequests()).toHaveLength(3);
  });

  it('retries too_many_concurrent_requests and then answers resource-exhausted', async () => {
    const { engine, fake, ttsRequests } = await setUp();
    const tooMany = {
      kind: 'status' as const,
      status: 429,
      body: {
        detail: {
          status: 'too_many_concurrent_requests',
          message: 'Too many concurrent requests.',
        },
      },
    };
    fake.injectFaults(tooMany, tooMany, tooMany);
    const error = await rejection(engine.synthesize(request('Hi')));
    expect(error).toMatchObject({ code: 'resource-exhausted', message: ELEVENLABS_BUSY_MESSAGE });
    expect(ttsRequests()).toHaveLength(3);
  });

  it('recovers when a retry succeeds, after 5xx and a reset connection', async () => {
    const { engine, fake, ttsRequests } = await setUp();
    fake.injectFaults(
      { kind: 'status', status: 503, body: { detail: 'Service Unavailable' } },
      { kind: 'reset' },
    );
    const result = await engine.synthesize(request('Third time lucky.'));
    expect((await collect(result.audio)).audio.length).toBeGreaterThan(0);
    await expect(result.done).resolves.toMatchObject({ credits: 17 });
    expect(ttsRequests()).toHaveLength(3);
  });

  it('backs off exponentially with jitter between retries', async () => {
    const low = await setUp({}, { retryBaseDelayMs: 50, random: () => 0 });
    await rejection(low.engine.synthesize(request('__500__')));
    const delays = (log: ReturnType<typeof recordingLogger>) =>
      log.info.mock.calls.map(([context]) => (context as { delayMs: number }).delayMs);
    expect(delays(low.log)).toEqual([40, 80]);

    const high = await setUp({}, { retryBaseDelayMs: 50, random: () => 1 });
    await rejection(high.engine.synthesize(request('__500__')));
    expect(delays(high.log)).toEqual([60, 120]);
  });

  it('waits as long as Retry-After says before retrying', async () => {
    const { engine, fake, ttsRequests } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 429,
      body: {
        detail: {
          status: 'too_many_concurrent_requests',
          message: 'Too many concurrent requests.',
        },
      },
      headers: { 'retry-after': '1' },
    });
    const started = Date.now();
    const result = await engine.synthesize(request('Patience.'));
    await collect(result.audio);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(ttsRequests()).toHaveLength(2);
  });

  it('gives up at once when Retry-After is longer than it is willing to wait, passing it on', async () => {
    const { engine, fake, ttsRequests } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 429,
      body: {
        detail: {
          status: 'too_many_concurrent_requests',
          message: 'Too many concurrent requests.',
        },
      },
      headers: { 'retry-after': '60' },
    });
    const error = await rejection(engine.synthesize(request('Hi')));
    expect(error).toMatchObject({ code: 'resource-exhausted', headers: { 'retry-after': '60' } });
    expect(ttsRequests()).toHaveLength(1);
  });

  it('queues behind the concurrency gate: parallel readings all finish', async () => {
    const { engine, ttsRequests } = await setUp(
      { maxConcurrent: 1, chunkDelayMs: 30 },
      { retryBaseDelayMs: 60, maxRetries: 4 },
    );
    const results = await Promise.all(
      ['One line.', 'Another line.'].map(async (text) =>
        collect((await engine.synthesize(request(text))).audio),
      ),
    );
    for (const r of results) expect(r.audio.length).toBeGreaterThan(0);
    expect(ttsRequests().length).toBeGreaterThanOrEqual(3);
  });

  it('does not retry once audio has gone downstream: the stream fails instead', async () => {
    const { engine, ttsRequests } = await setUp({ chunkCount: 4, chunkDelayMs: 50 });
    const result = await engine.synthesize(request('__drop__ this line'));
    const error = await rejection(collect(result.audio));
    expect(error.code).toBe('unavailable');
    expect((await rejection(result.done)).code).toBe('unavailable');
    expect(ttsRequests()).toHaveLength(1);
  });
});

describe('ElevenLabs engine: odd bodies', () => {
  const audioResponse = (parts: Uint8Array[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
      {
        status: 200,
        headers: { 'content-type': 'audio/mpeg', 'request-id': 'abc', 'character-cost': 'n/a' },
      },
    );
  const engineWith = (fetchImpl: typeof fetch) =>
    createElevenLabsEngine({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/',
      modelId: '',
      log: recordingLogger() as unknown as FastifyBaseLogger,
      retryBaseDelayMs: 1,
      fetchImpl,
    });

  it('skips empty chunks in the middle of a stream and reads unknown credits as null', async () => {
    const fetchImpl = vi.fn(async () =>
      audioResponse([
        new Uint8Array([1, 2]),
        new Uint8Array(0),
        new Uint8Array(0),
        new Uint8Array([3]),
      ]),
    );
    const engine = engineWith(fetchImpl as unknown as typeof fetch);
    const result = await engine.synthesize(request('Hi'));
    expect([...(await collect(result.audio)).audio]).toEqual([1, 2, 3]);
    expect(await result.done).toEqual({
      providerRequestId: 'abc',
      credits: null,
      modelId: 'eleven_multilingual_v2',
    });
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toBe(
      `http://127.0.0.1:9/v1/text-to-speech/${RACHEL}/stream?output_format=mp3_44100_128`,
    );
  });

  it('retries an empty 200 and then answers unavailable', async () => {
    const fetchImpl = vi.fn(async () => audioResponse([]));
    const engine = engineWith(fetchImpl as unknown as typeof fetch);
    expect((await rejection(engine.synthesize(request('Hi')))).code).toBe('unavailable');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('answers unavailable when the voice list has an unexpected shape', async () => {
    const engine = engineWith((async () =>
      Response.json({ items: [] })) as unknown as typeof fetch);
    expect((await rejection(engine.listVoices())).code).toBe('unavailable');
  });
});

describe('ElevenLabs engine: voices', () => {
  it('lists the provider voices with labels, categories, best-for tags and previews', async () => {
    const { engine, fake } = await setUp();
    const voices = await engine.listVoices();
    expect(voices).toHaveLength(6);
    expect(voices.find((v) => v.providerVoiceId === RACHEL)).toEqual({
      providerVoiceId: RACHEL,
      name: 'Rachel',
      description: 'calm',
      labels: { gender: 'female', age: 'young', accent: 'american', useCase: 'narration' },
      bestFor: ['Narration'],
      category: 'women',
      previewUrl: `${fake.baseUrl}/previews/${RACHEL}.mp3`,
    });
    expect(voices.find((v) => v.providerVoiceId === GEORGE)).toMatchObject({
      description: 'mature',
      labels: { gender: 'male', age: 'old', accent: 'british', useCase: 'narrative story' },
      bestFor: ['Narrative', 'Story'],
      category: 'men',
    });
    expect(voices.find((v) => v.name === 'Arnold')!.labels.age).toBe('middle aged');
    expect(voices.find((v) => v.name === 'River')!.labels.gender).toBe('neutral');
    expect(voices.some((v) => v.category === 'children')).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/voices' });
  });

  it('logs a refused key as a configuration error when listing voices', async () => {
    const { engine, log } = await setUp({}, { apiKey: 'bad-key' });
    expect((await rejection(engine.listVoices())).code).toBe('unavailable');
    expect(log.error.mock.calls[0]![1]).toMatch(/^ElevenLabs configuration error/);
  });

  it.each([
    [
      'an explicit child age puts a voice under CHILDREN',
      { voice_id: 'c1', name: 'Pip', labels: { age: 'child', gender: 'male' } },
      {
        category: 'children',
        labels: { gender: 'male', age: 'child', accent: null, useCase: null },
      },
    ],
    [
      'a young woman stays under WOMEN',
      { voice_id: 'w1', name: 'Ethan', labels: { age: 'young', gender: 'female' } },
      { category: 'women' },
    ],
    [
      'top-level labels are read when labels lack them',
      { voice_id: 't1', name: 'Top', gender: 'Female', accent: 'Irish', labels: {} },
      {
        category: 'women',
        labels: { gender: 'female', age: null, accent: 'irish', useCase: null },
      },
    ],
    [
      'an unknown gender is dropped and filed under MEN',
      { voice_id: 'u1', name: 'Odd', labels: { gender: 'other' } },
      { category: 'men', labels: { gender: null, age: null, accent: null, useCase: null } },
    ],
    [
      'the long description wins over the label adjective',
      {
        voice_id: 'd1',
        name: 'Long',
        description: 'A warm storyteller.',
        labels: { description: 'warm' },
      },
      { description: 'A warm storyteller.' },
    ],
    [
      'a preview that is not http(s) is dropped, use cases become tags',
      {
        voice_id: 'p1',
        name: 'P',
        preview_url: 'javascript:alert(1)',
        labels: { use_case: 'social_media' },
      },
      { previewUrl: null, bestFor: ['Social Media'] },
    ],
  ])('%s', (_label, raw, expected) => {
    expect(mapVoice(raw)).toMatchObject(expected);
  });

  it.each([[null], [{ name: 'No id' }], [{ voice_id: 'x' }], ['text']])(
    'skips a malformed entry %j',
    (raw) => {
      expect(mapVoice(raw)).toBeNull();
    },
  );
});

describe('ElevenLabs engine: parsing helpers', () => {
  it.each([
    [
      'object',
      '{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}',
      { status: 'invalid_api_key', message: 'Invalid API key', validation: null },
    ],
    [
      'list',
      '{"detail":[{"loc":["body","text"],"msg":"field required","type":"x"}]}',
      {
        status: null,
        message: 'body.text: field required',
        validation: [{ loc: ['body', 'text'], msg: 'field required' }],
      },
    ],
    ['string', '{"detail":"Not Found"}', { status: null, message: 'Not Found', validation: null }],
    [
      'absent',
      '{"status":"internal_server_error","message":"boom"}',
      { status: 'internal_server_error', message: 'boom', validation: null },
    ],
    [
      'not JSON',
      '<html>Bad gateway</html>',
      { status: null, message: '<html>Bad gateway</html>', validation: null },
    ],
    ['empty', '', { status: null, message: null, validation: null }],
    ['null detail', '{"detail":null}', { status: null, message: null, validation: null }],
  ])('parses a %s detail', (_label, body, expected) => {
    expect(parseDetail(body)).toEqual(expected);
  });

  it.each([
    ['2', 2000],
    ['0.5', 500],
    ['Sun, 22 Nov 2026 13:00:05 GMT', 5000],
    ['Sun, 22 Nov 2026 12:59:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-22T13:00:00Z'))).toBe(expected);
  });
});

describe('fake ElevenLabs server', () => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = createFakeElevenLabs({ characterLimit: 500 });
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  const get = (path: string, key: string | null = 'k') =>
    fetch(`${fake.baseUrl}${path}`, { headers: key ? { 'xi-api-key': key } : {} });

  it('requires a key', async () => {
    const res = await get('/v1/voices', null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      detail: { status: 'invalid_api_key', message: 'Invalid API key' },
    });
  });

  it('pages v2 voices with next_page_token', async () => {
    const first = (await (await get('/v2/voices?page_size=4')).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ has_more: true, total_count: 6 });
    expect(first.voices).toHaveLength(4);
    const second = (await (
      await get(`/v2/voices?page_size=4&next_page_token=${String(first.next_page_token)}`)
    ).json()) as Record<string, unknown>;
    expect(second).toMatchObject({ has_more: false, next_page_token: null });
    expect(second.voices).toHaveLength(2);
  });

  it('serves preview MP3s and reflects spending in the subscription', async () => {
    const preview = await get(`/previews/${RACHEL}.mp3`, null);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await preview.arrayBuffer()).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xfb]),
    );

    const tts = await fetch(`${fake.baseUrl}/v1/text-to-speech/${RACHEL}`, {
      method: 'POST',
      headers: { 'xi-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Forty-two characters of text, to be spent.' }),
    });
    expect(tts.status).toBe(200);
    expect(tts.headers.get('character-cost')).toBe('42');
    const sub = (await (await get('/v1/user/subscription')).json()) as Record<string, unknown>;
    expect(sub).toMatchObject({ character_count: 42, character_limit: 500 });
  });

  it('answers 422 with the FastAPI list when text is missing', async () => {
    const res = await fetch(`${fake.baseUrl}/v1/text-to-speech/${RACHEL}/stream`, {
      method: 'POST',
      headers: { 'xi-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ model_id: 'eleven_multilingual_v2' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }],
    });
  });
});

describe('the app with ELEVENLABS_API_KEY set, against the fake', () => {
  let fake: FakeElevenLabs;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    fake = createFakeElevenLabs({ chunkDelayMs: 5 });
    await fake.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-elevenlabs-'));
    t = await createTestApp({
      env: { ELEVENLABS_API_KEY: 'test-key', ELEVENLABS_BASE_URL: fake.baseUrl, DATA_DIR: dataDir },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('syncs the provider voices and synthesises through ctx.synthesis, paying once for a repeat', async () => {
    expect(t.ctx.voiceEngine.name).toBe('elevenlabs');
    const rows = await t.db.kysely
      .selectFrom('voices')
      .selectAll()
      .where('provider', '=', 'elevenlabs')
      .execute();
    expect(rows.map((r) => r.provider_voice_id).sort()).toContain(RACHEL);
    const rachel = rows.find((r) => r.provider_voice_id === RACHEL)!;

    const user = await createUser(t, { tier: 'paid' });
    const options = {
      text: 'To be, or not to be, that is the question.',
      voiceId: rachel.id,
      settings: DEFAULT_SYNTHESIS_SETTINGS,
      userId: user.id,
      requestId: 'req-elevenlabs-1',
    };
    const first = await t.ctx.synthesis.synthesize(options);
    expect(first.cached).toBe(false);
    const { audio } = await collect(first.audio);
    expect(audio.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xfb, 0x90, 0x64]));
    await expect(first.done).resolves.toEqual({ bytes: audio.length });

    const tts = fake.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'));
    expect(tts).toHaveLength(1);
    expect(tts[0]!.path).toBe(`/v1/text-to-speech/${RACHEL}/stream`);
    expect(fake.state.characterCount).toBe(options.text.length);

    const metric = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'req-elevenlabs-1')
      .executeTakeFirstOrThrow();
    expect(metric).toMatchObject({
      provider: 'elevenlabs',
      status: 'success',
      credits_used: options.text.length,
      model_id: 'eleven_multilingual_v2',
    });
    expect(metric.provider_request_id).toMatch(/^[0-9a-f]{20}$/);

    const again = await t.ctx.synthesis.synthesize({ ...options, requestId: 'req-elevenlabs-2' });
    expect(again.cached).toBe(true);
    expect((await collect(again.audio)).audio).toEqual(audio);
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/text-to-speech/'))).toHaveLength(1);
  });
  it('surfaces the provider quota through ctx.synthesis as resource-exhausted and records the failure', async () => {
    const rows = await t.db.kysely
      .selectFrom('voices')
      .selectAll()
      .where('provider', '=', 'elevenlabs')
      .execute();
    const voice = rows.find((r) => r.provider_voice_id === GEORGE)!;
    const user = await createUser(t, { tier: 'paid' });
    fake.state.characterLimit = fake.state.characterCount + 5;
    const error = await rejection(
      (async () => {
        const result = await t.ctx.synthesis.synthesize({
          text: 'More than five characters.',
          voiceId: voice.id,
          settings: DEFAULT_SYNTHESIS_SETTINGS,
          userId: user.id,
          requestId: 'req-elevenlabs-quota',
        });
        await collect(result.audio);
      })(),
    );
    expect(error).toMatchObject({ code: 'resource-exhausted', message: ELEVENLABS_QUOTA_MESSAGE });
    const metric = await t.db.kysely
      .selectFrom('voice_provider_metrics')
      .selectAll()
      .where('request_id', '=', 'req-elevenlabs-quota')
      .executeTakeFirstOrThrow();
    expect(metric).toMatchObject({ provider: 'elevenlabs', status: 'error' });
  });
});

describe('ElevenLabs engine: directions (decision 321)', () => {
  const sent = async (modelId: string, delivery: SynthesisRequest['delivery']) => {
    const { engine, ttsRequests } = await setUp({}, { modelId });
    await collect((await engine.synthesize(request('Get out.', { delivery }))).audio);
    return {
      engine,
      body: ttsRequests()[0]!.body as {
        text: string;
        seed?: number;
        voice_settings: { speed: number };
      },
    };
  };

  it('reads v3 audio tags before the text and fast as a speed within 0.7-1.2', async () => {
    const { engine, body } = await sent('eleven_v3', {
      directions: ['quietly', 'angrily', 'fast'],
      take: 1,
    });
    expect(engine.directions).toContain('sarcastically');
    expect(body.text).toBe('[whispers] [angry] Get out.');
    expect(body.voice_settings.speed).toBe(1.2);
    expect(body).not.toHaveProperty('seed');
  });

  it('gives other models a break for a pause, no tags, and another take another seed', async () => {
    const { engine, body } = await sent('eleven_multilingual_v2', {
      directions: ['pause'],
      take: 3,
    });
    expect(engine.directions).toEqual(['fast', 'slow', 'beat', 'pause']);
    expect(body.text).toBe('<break time="2.0s" /> Get out.');
    expect(typeof body.seed).toBe('number');
    const other = await sent('eleven_multilingual_v2', { directions: [], take: 2 });
    expect(other.body.seed).not.toBe(body.seed);
    expect(other.body.text).toBe('Get out.');
  });
});
