import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, loopbackServer, pause, readBody, silentMp3 } from './fake-elevenlabs';

/**
 * A loopback stand-in for an OpenAI-compatible speech server (OpenAI's /v1/audio/speech as
 * Kokoro-FastAPI, LocalAI and Speaches serve it): optional bearer key, GET /v1/audio/voices
 * (Kokoro's `{voices: [...]}`; 404 with `voiceList: false`, as OpenAI itself), and
 * POST /v1/audio/speech answering chunked MP3. Every error class on demand, by magic text:
 *   __500__ -> 500      __503__ -> 503 (Retry-After 1)   __ratelimit__ -> 429 rate_limit_exceeded
 *   __quota__ -> 429 insufficient_quota   __slow__ -> waits `slowMs`   __drop__ -> cuts after one chunk
 *   __reset__ -> resets the connection before answering
 * or queued with injectFaults(). Used by the adapter's tests and by the e2e run:
 *   npx tsx server/src/test/fakes/fake-openai-speech.ts [port]
 */

export const FAKE_OPENAI_VOICES = ['af_bella', 'bm_george', 'am_adam'];

export type FakeOpenAiFault =
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'drop' }
  | { kind: 'reset' };

export interface FakeOpenAiOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Offer GET /audio/voices (default true). */
  voiceList?: boolean;
  voices?: string[];
  /** Longest input accepted (default 4,096, as OpenAI). */
  maxInput?: number;
  chunkCount?: number;
  chunkDelayMs?: number;
  slowMs?: number;
  port?: number;
}

export interface FakeOpenAiSpeech {
  readonly baseUrl: string;
  start(): Promise<string>;
  stop(): Promise<void>;
  readonly requests: {
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: unknown;
  }[];
  injectFaults(...faults: FakeOpenAiFault[]): void;
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

export function createFakeOpenAiSpeech(options: FakeOpenAiOptions = {}): FakeOpenAiSpeech {
  const chunkCount = Math.max(1, options.chunkCount ?? 4);
  const chunkDelayMs = options.chunkDelayMs ?? 25;
  const slowMs = options.slowMs ?? 2000;
  const maxInput = options.maxInput ?? 4096;
  const voices = options.voices ?? FAKE_OPENAI_VOICES;
  const requests: FakeOpenAiSpeech['requests'] = [];
  const faults: FakeOpenAiFault[] = [];
  let baseUrl = '';
  const loopback = loopbackServer(handle, options.port);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
    } catch {
      body = raw.toString('utf8');
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(
        res,
        401,
        openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (req.method === 'GET' && url.pathname === '/v1/audio/voices' && options.voiceList !== false)
      return json(res, 200, { voices });
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') return speech(res, body);
    return json(res, 404, { detail: 'Not Found' });
  }

  async function speech(res: ServerResponse, body: unknown): Promise<void> {
    const input =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const fault = faults.shift();
    const text = typeof input.input === 'string' ? input.input : '';
    if (fault?.kind === 'reset' || text.includes('__reset__')) {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === 'status') return json(res, fault.status, fault.body, fault.headers);
    if (
      typeof input.input !== 'string' ||
      typeof input.voice !== 'string' ||
      typeof input.model !== 'string'
    ) {
      return json(res, 422, {
        detail: ['input', 'voice', 'model']
          .filter((k) => typeof input[k] !== 'string')
          .map((k) => ({ loc: ['body', k], msg: 'Field required', type: 'missing' })),
      });
    }
    if (input.response_format !== 'mp3')
      return json(res, 400, openAiError('Only mp3 here', 'invalid_request_error', null));
    if (text.length > maxInput)
      return json(
        res,
        400,
        openAiError(
          `Invalid 'input': string too long. Expected a string with maximum length ${maxInput}, but got a string with length ${text.length} instead.`,
          'invalid_request_error',
          'string_above_max_length',
        ),
      );
    if (!voices.includes(input.voice))
      return json(res, 400, {
        detail: {
          error: 'validation_error',
          message: `Voice '${input.voice}' not found`,
          type: 'invalid_request_error',
        },
      });
    if (text.includes('__500__'))
      return json(res, 500, openAiError('The server had an error', 'server_error', null));
    if (text.includes('__503__'))
      return json(res, 503, openAiError('Overloaded', 'server_error', null), {
        'retry-after': '1',
      });
    if (text.includes('__ratelimit__'))
      return json(
        res,
        429,
        openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
      );
    if (text.includes('__quota__'))
      return json(
        res,
        429,
        openAiError('You exceeded your current quota.', 'insufficient_quota', 'insufficient_quota'),
      );
    if (text.includes('__slow__') && !(await pause(slowMs, res))) return;

    // 60 ms of audio per character, streamed in several writes with pauses.
    const frames = Math.min(2300, Math.max(2, Math.ceil((text.length * 60) / 26.12)));
    const mp3 = silentMp3(frames);
    res.writeHead(200, {
      'content-type': 'audio/mpeg',
      'x-request-id': `req_${randomBytes(8).toString('hex')}`,
    });
    const frameBytes = mp3.length / frames;
    const perChunk = Math.ceil(frames / chunkCount);
    for (let i = 0; i < frames; i += perChunk) {
      if (i > 0 && !(await pause(chunkDelayMs, res))) return;
      res.write(mp3.subarray(i * frameBytes, Math.min(frames, i + perChunk) * frameBytes));
      if (i === 0 && (fault?.kind === 'drop' || text.includes('__drop__'))) {
        await pause(chunkDelayMs, res);
        res.socket?.destroy();
        return;
      }
    }
    res.end();
  }

  return {
    get baseUrl() {
      return baseUrl;
    },
    requests,
    injectFaults(...more) {
      faults.push(...more);
    },
    async start() {
      baseUrl = `${await loopback.start()}/v1`;
      return baseUrl;
    },
    stop: () => loopback.stop(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = createFakeOpenAiSpeech({ port: Number(process.argv[2] ?? 8880) });
  void fake.start().then((url) => {
    console.log(`Fake OpenAI-compatible speech server listening on ${url}`);
  });
  process.once('SIGINT', () => void fake.stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
}
