import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import { recordingLogger, rejection } from '../../../test/recording-logger';
import {
  createFakeOpenAiSpeech,
  type FakeOpenAiOptions,
  type FakeOpenAiSpeech,
} from '../../../test/fakes/fake-openai-speech';
import {
  ELEVENLABS_ABORTED_MESSAGE,
  ELEVENLABS_BUSY_MESSAGE,
  ELEVENLABS_QUOTA_MESSAGE,
  ELEVENLABS_REJECTED_MESSAGE,
  ELEVENLABS_TEXT_TOO_LONG_MESSAGE,
  ELEVENLABS_UNAVAILABLE_MESSAGE,
  ELEVENLABS_VOICE_NOT_FOUND_MESSAGE,
} from './elevenlabs';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import type { SynthesisRequest } from './engine';
import {
  createOpenAiEngine,
  OPENAI_STANDARD_VOICES,
  parseOpenAiError,
  parseVoiceList,
  voiceFromId,
  type OpenAiEngineOptions,
} from './openai';

const started: FakeOpenAiSpeech[] = [];
async function setUp(
  fakeOptions: FakeOpenAiOptions = {},
  engineOptions: Partial<OpenAiEngineOptions> = {},
) {
  const fake = createFakeOpenAiSpeech({ chunkDelayMs: 5, ...fakeOptions });
  started.push(fake);
  await fake.start();
  const log = recordingLogger();
  const engine = createOpenAiEngine({
    baseUrl: fake.baseUrl,
    apiKey: fakeOptions.apiKey,
    log: log as unknown as FastifyBaseLogger,
    retryBaseDelayMs: 10,
    maxRetryDelayMs: 2000,
    ...engineOptions,
  });
  const speechRequests = () => fake.requests.filter((r) => r.path === '/v1/audio/speech');
  return { fake, engine, log, speechRequests };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

function request(text: string, overrides: Partial<SynthesisRequest> = {}): SynthesisRequest {
  return { text, providerVoiceId: 'af_bella', settings: DEFAULT_SYNTHESIS_SETTINGS, ...overrides };
}

async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { audio: Buffer.concat(chunks), chunks: chunks.length };
}

describe('OpenAI-compatible engine: synthesis', () => {
  it('posts the OpenAI request with the bearer key and streams MP3 frames as they come', async () => {
    const { engine, speechRequests } = await setUp({ apiKey: 'sk-test', chunkCount: 4 });
    const result = await engine.synthesize(
      request('Hello there, how are you today?', {
        settings: { ...DEFAULT_SYNTHESIS_SETTINGS, speed: 1.1 },
      }),
    );
    const { audio, chunks } = await collect(result.audio);
    expect(chunks).toBeGreaterThan(1);
    expect(audio[0]).toBe(0xff);
    expect(audio[1]! & 0xe0).toBe(0xe0);
    const meta = await result.done;
    expect(meta.modelId).toBe('tts-1');
    expect(meta.providerRequestId).toMatch(/^req_/);
    const [sent] = speechRequests();
    expect(sent!.headers.authorization).toBe('Bearer sk-test');
    expect(sent!.body).toEqual({
      model: 'tts-1',
      input: 'Hello there, how are you today?',
      voice: 'af_bella',
      response_format: 'mp3',
      speed: 1.1,
    });
  });

  it('sends no authorization header without a key, and the configured model', async () => {
    const { engine, speechRequests } = await setUp({}, { model: 'kokoro' });
    await collect((await engine.synthesize(request('Hi.'))).audio);
    expect(speechRequests()[0]!.headers.authorization).toBeUndefined();
    expect((speechRequests()[0]!.body as { model: string }).model).toBe('kokoro');
  });

  it('reads a text longer than the input limit in pieces on one stream, in order', async () => {
    const { engine, speechRequests } = await setUp({ maxInput: 60 }, { maxInputChars: 60 });
    const text =
      'The first sentence is here. The second one follows it closely. A third comes after that. And the last one ends it.';
    const result = await engine.synthesize(request(text));
    const { audio } = await collect(result.audio);
    await result.done;
    const inputs = speechRequests().map((r) => (r.body as { input: string }).input);
    expect(inputs.length).toBeGreaterThan(1);
    expect(inputs.every((i) => i.length <= 60)).toBe(true);
    expect(inputs.join(' ')).toBe(text);
    // Each piece is 60 ms of audio per character, 417-byte frames.
    expect(audio.length % 417).toBe(0);
  });

  it('stops at the caller abort with the aborted error', async () => {
    const { engine } = await setUp({ chunkCount: 8, chunkDelayMs: 50 });
    const controller = new AbortController();
    const result = await engine.synthesize(
      request('A reading that will be cut short.', { signal: controller.signal }),
    );
    const reading = collect(result.audio).catch((e: unknown) => e);
    controller.abort();
    expect(await reading).toBeInstanceOf(AppError);
    const error = await rejection(result.done);
    expect(error.code).toBe('aborted');
    expect(error.message).toBe(ELEVENLABS_ABORTED_MESSAGE);
  });
});

describe('OpenAI-compatible engine: error mapping', () => {
  it.each([
    ['__quota__', 'resource-exhausted', ELEVENLABS_QUOTA_MESSAGE, 1],
    ['__500__', 'unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE, 3],
    ['__ratelimit__', 'resource-exhausted', ELEVENLABS_BUSY_MESSAGE, 3],
  ])('%s maps to %s after %i attempt(s)', async (magic, code, message, attempts) => {
    const { engine, speechRequests } = await setUp();
    const error = await rejection(engine.synthesize(request(`Say ${magic} now.`)));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(speechRequests()).toHaveLength(attempts);
  });

  it('honours Retry-After on a 503 and succeeds on the next attempt', async () => {
    const { fake, engine, speechRequests } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 503,
      body: { error: { message: 'busy', type: 'server_error', code: null } },
      headers: { 'retry-after': '0.2' },
    });
    const before = Date.now();
    const result = await engine.synthesize(request('Hello.'));
    await collect(result.audio);
    expect(Date.now() - before).toBeGreaterThanOrEqual(190);
    expect(speechRequests()).toHaveLength(2);
  });

  it('retries a connection reset before the first byte', async () => {
    const { fake, engine, speechRequests } = await setUp();
    fake.injectFaults({ kind: 'reset' });
    const result = await engine.synthesize(request('Hello again.'));
    expect((await collect(result.audio)).audio.length).toBeGreaterThan(0);
    expect(speechRequests()).toHaveLength(2);
  });

  it('fails the stream, without a retry, when the connection drops after audio has left', async () => {
    const { engine, speechRequests } = await setUp({ chunkCount: 4 });
    const result = await engine.synthesize(request('This one __drop__ drops midway through.'));
    const error = await rejection(collect(result.audio));
    expect(error.code).toBe('unavailable');
    await expect(result.done).rejects.toBeInstanceOf(AppError);
    expect(speechRequests()).toHaveLength(1);
  });

  it('gives up after the first-byte timeout without asking again', async () => {
    const { engine, speechRequests } = await setUp({ slowMs: 1000 }, { firstByteTimeoutMs: 100 });
    const error = await rejection(engine.synthesize(request('Take it __slow__ please.')));
    expect(error.code).toBe('unavailable');
    expect(speechRequests()).toHaveLength(1);
  });

  it('gives up when the stream goes silent longer than the idle timeout', async () => {
    const { engine } = await setUp({ chunkCount: 3, chunkDelayMs: 400 }, { idleTimeoutMs: 100 });
    const result = await engine.synthesize(request('A long and slow reading of several words.'));
    const error = await rejection(collect(result.audio));
    expect(error.code).toBe('unavailable');
  });

  it('a refused key is an operator error, logged, and not retried', async () => {
    const { engine, log, speechRequests } = await setUp({ apiKey: 'right' }, { apiKey: 'wrong' });
    const error = await rejection(engine.synthesize(request('Hello.')));
    expect(error.code).toBe('unavailable');
    expect(speechRequests()).toHaveLength(1);
    expect(log.error.mock.calls[0]![1]).toMatch(
      /^Speech server configuration error: .*OPENAI_TTS_API_KEY/,
    );
  });

  it('an unknown voice is not-found', async () => {
    const { engine } = await setUp();
    const error = await rejection(
      engine.synthesize(request('Hello.', { providerVoiceId: 'zz_nobody' })),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toBe(ELEVENLABS_VOICE_NOT_FOUND_MESSAGE);
  });

  it('a text over the server limit is invalid-argument', async () => {
    // The engine thinks the server takes 100 characters; the server takes 50.
    const { engine } = await setUp({ maxInput: 50 }, { maxInputChars: 100 });
    const error = await rejection(engine.synthesize(request('x'.repeat(80))));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe(ELEVENLABS_TEXT_TOO_LONG_MESSAGE);
  });

  it('a request the server cannot read (422) is invalid-argument', async () => {
    const { fake, engine } = await setUp();
    fake.injectFaults({
      kind: 'status',
      status: 422,
      body: { detail: [{ loc: ['body', 'speed'], msg: 'too fast', type: 'value_error' }] },
    });
    const error = await rejection(engine.synthesize(request('Hello.')));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe(ELEVENLABS_REJECTED_MESSAGE);
  });

  it('a wrong base URL or model (404) is a logged configuration error', async () => {
    const { fake, engine, log } = await setUp();
    fake.injectFaults({ kind: 'status', status: 404, body: { detail: 'Not Found' } });
    const error = await rejection(engine.synthesize(request('Hello.')));
    expect(error.code).toBe('unavailable');
    expect(log.error.mock.calls[0]![1]).toMatch(/OPENAI_TTS_BASE_URL/);
  });

  it('a refused connection is unavailable after the retries', async () => {
    const fake = createFakeOpenAiSpeech();
    const url = await fake.start();
    await fake.stop();
    const engine = createOpenAiEngine({
      baseUrl: url,
      log: recordingLogger() as unknown as FastifyBaseLogger,
      retryBaseDelayMs: 5,
    });
    const error = await rejection(engine.synthesize(request('Hello.')));
    expect(error.code).toBe('unavailable');
  });
});

describe('OpenAI-compatible engine: voices', () => {
  it('lists the server voices with Kokoro ids read as accent and gender', async () => {
    const { engine } = await setUp();
    const voices = await engine.listVoices();
    expect(
      voices.map((v) => [v.providerVoiceId, v.name, v.labels.gender, v.labels.accent, v.category]),
    ).toEqual([
      ['af_bella', 'Bella', 'female', 'american', 'women'],
      ['bm_george', 'George', 'male', 'british', 'men'],
      ['am_adam', 'Adam', 'male', 'american', 'men'],
    ]);
  });

  it("offers OpenAI's standard voices when the server has no voice list", async () => {
    const { engine } = await setUp({ voiceList: false });
    expect((await engine.listVoices()).map((v) => v.providerVoiceId)).toEqual(
      OPENAI_STANDARD_VOICES.map((v) => v.id),
    );
  });

  it('uses the configured list without asking the server', async () => {
    const { engine, fake } = await setUp(
      {},
      { voices: parseVoiceList('af_sky:Sky:female:american, bm_lewis') },
    );
    const voices = await engine.listVoices();
    expect(voices.map((v) => [v.providerVoiceId, v.name, v.labels.gender])).toEqual([
      ['af_sky', 'Sky', 'female'],
      ['bm_lewis', 'Bm Lewis', null],
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('parses OPENAI_TTS_VOICES and names a bad entry', () => {
    expect(parseVoiceList('nova:Nova:female:american')).toEqual([
      { id: 'nova', name: 'Nova', gender: 'female', accent: 'american' },
    ]);
    expect(() => parseVoiceList('nova:Nova:woman')).toThrow(/"nova:Nova:woman" has gender "woman"/);
    expect(() => parseVoiceList(':Nameless')).toThrow(/no voice id/);
  });

  it('reads voice names from ids', () => {
    expect(voiceFromId('bf_emma')).toEqual({
      id: 'bf_emma',
      name: 'Emma',
      gender: 'female',
      accent: 'british',
    });
    expect(voiceFromId('onyx').gender).toBe('male');
    expect(voiceFromId('en-us-ryan').name).toBe('En Us Ryan');
  });

  it('reads every error body shape', () => {
    expect(parseOpenAiError('{"error":{"message":"m","code":"c"}}')).toEqual({
      code: 'c',
      message: 'm',
    });
    expect(
      parseOpenAiError('{"detail":{"error":"validation_error","message":"Voice x not found"}}'),
    ).toEqual({
      code: 'validation_error',
      message: 'Voice x not found',
    });
    expect(parseOpenAiError('{"detail":"Not Found"}')).toEqual({
      code: null,
      message: 'Not Found',
    });
    expect(parseOpenAiError('Bad Gateway')).toEqual({ code: null, message: 'Bad Gateway' });
  });
});

describe('OpenAI-compatible engine: directions (decision 321)', () => {
  const said = async (
    engineOptions: Partial<OpenAiEngineOptions>,
    delivery: SynthesisRequest['delivery'],
  ) => {
    const { engine, speechRequests } = await setUp({}, engineOptions);
    await collect((await engine.synthesize(request('Get out.', { delivery }))).audio);
    return { engine, body: speechRequests()[0]!.body as Record<string, unknown> };
  };

  it('gives a gpt-4o model its speed and an instructions sentence per direction', async () => {
    const { engine, body } = await said(
      { model: 'gpt-4o-mini-tts' },
      { directions: ['quietly', 'fast'], take: 1 },
    );
    expect(engine.directions).toContain('angrily');
    expect(body.speed).toBe(1.4);
    expect(body.instructions).toBe('Speak quietly, almost in a whisper. Speak fast.');
  });

  it('gives another model only its speed, and another take a different pace', async () => {
    const { engine, body } = await said({ model: 'kokoro' }, { directions: ['slow'], take: 1 });
    expect(engine.directions).toEqual(['fast', 'slow']);
    expect(body.speed).toBe(0.75);
    expect(body).not.toHaveProperty('instructions');
    const take = await said({ model: 'kokoro' }, { directions: [], take: 2 });
    expect(take.body.speed).not.toBe(1);
    const plain = await said({ model: 'kokoro' }, undefined);
    expect(plain.body.speed).toBe(1);
  });
});
