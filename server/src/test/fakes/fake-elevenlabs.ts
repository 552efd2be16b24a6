import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for the ElevenLabs REST API, speaking the contract in
 * docs/glossary.md#fake-elevenlabs: key checks, a seeded voice list (v1, and v2 with
 * paging), text-to-speech (whole and chunked /stream), the quota counter with the real
 * quota_exceeded message, a concurrency gate, and fault injection by magic text:
 *   __500__  -> 500 something_went_wrong      __busy__ -> 429 system_busy
 *   __slow__ -> waits `slowMs` before answering __drop__ -> sends the first chunk, then cuts the connection
 * Used by the adapter's tests and, pointed at by ELEVENLABS_BASE_URL, by local development:
 *   npx tsx server/src/test/fakes/fake-elevenlabs.ts [port]
 */

export const FAKE_ELEVENLABS_BAD_KEY = 'bad-key';
export const FAKE_ELEVENLABS_NO_PERMS_KEY = 'no-perms';

export interface FakeVoice {
  voice_id: string;
  name: string;
  category: string;
  labels: Record<string, string>;
  description: string | null;
  preview_url?: string | null;
  available_for_tiers?: string[];
  high_quality_base_model_ids?: string[];
  settings?: null;
  created_at_unix?: number;
}

/** A fault served to the next text-to-speech request(s), ahead of the normal answer. */
export type FakeFault =
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'drop' }
  | { kind: 'reset' };

export interface FakeElevenLabsOptions {
  /** Concurrent text-to-speech requests allowed before 429 too_many_concurrent_requests (default 2). */
  maxConcurrent?: number;
  /** Retry-After seconds sent with the concurrency 429; null sends none (default null). */
  concurrencyRetryAfterSeconds?: number | null;
  /** Credits in the period (default 100,000) and already used (default 0). */
  characterLimit?: number;
  characterCount?: number;
  /** The streamed body is written in this many chunks (default 4) ... */
  chunkCount?: number;
  /** ... with this pause before each chunk after the first (default 25 ms). */
  chunkDelayMs?: number;
  /** How long `__slow__` waits before answering (default 2,000 ms). */
  slowMs?: number;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Replaces the seeded voices. preview_url defaults to this server's /previews/{id}.mp3. */
  voices?: FakeVoice[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeElevenLabs {
  /** http://127.0.0.1:<port>, valid after start(). */
  readonly baseUrl: string;
  start(): Promise<string>;
  stop(): Promise<void>;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Live counters. */
  readonly state: {
    characterCount: number;
    characterLimit: number;
    inFlight: number;
    maxConcurrent: number;
  };
  /** Queues faults for the next text-to-speech requests, one per request. */
  injectFaults(...faults: FakeFault[]): void;
  /** Clears recorded requests and queued faults; resets the quota counter to `characterCount`. */
  reset(characterCount?: number): void;
}

/** Per-request character limits of the models (docs models.mdx); unknown models get 10,000. */
const MODEL_CHARACTER_LIMITS: Record<string, number> = {
  eleven_v3: 3000,
  eleven_multilingual_v2: 10_000,
  eleven_monolingual_v1: 10_000,
  eleven_flash_v2_5: 40_000,
  eleven_turbo_v2_5: 40_000,
  eleven_flash_v2: 30_000,
  eleven_turbo_v2: 30_000,
};
const HALF_PRICE_MODELS = new Set(['eleven_flash_v2_5', 'eleven_turbo_v2_5']);

const SEEDED_VOICES: FakeVoice[] = [
  premade('21m00Tcm4TlvDq8ikWAM', 'Rachel', {
    accent: 'american',
    description: 'calm',
    age: 'young',
    gender: 'female',
    use_case: 'narration',
  }),
  premade('AZnzlk1XvdvUeBnXmlld', 'Domi', {
    accent: 'american',
    description: 'strong',
    age: 'young',
    gender: 'female',
    use_case: 'narration',
  }),
  premade('pNInz6obpgDQGcFmaJgB', 'Adam', {
    accent: 'american',
    description: 'deep',
    age: 'middle aged',
    gender: 'male',
    use_case: 'narration',
  }),
  premade('VR6AewLTigWG4xSOukaG', 'Arnold', {
    accent: 'american',
    description: 'crisp',
    age: 'middle_aged',
    gender: 'male',
    use_case: 'characters_animation',
  }),
  premade('JBFqnCBsd6RMkjVDRZzb', 'George', {
    accent: 'british',
    descriptive: 'mature',
    age: 'old',
    gender: 'male',
    use_case: 'narrative_story',
  }),
  premade('SAz9YHcvj6GT2YYXdXww', 'River', {
    accent: 'american',
    descriptive: 'calm',
    age: 'middle_aged',
    gender: 'neutral',
    use_case: 'conversational',
  }),
];

function premade(voiceId: string, name: string, labels: Record<string, string>): FakeVoice {
  return {
    voice_id: voiceId,
    name,
    category: 'premade',
    labels,
    description: null,
    available_for_tiers: [],
    high_quality_base_model_ids: ['eleven_multilingual_v2'],
    settings: null,
    created_at_unix: 1_700_000_000,
  };
}

// One MPEG-1 Layer III frame, 128 kbps, 44.1 kHz, joint stereo, no CRC: 417 bytes (1152 samples,
// 26.12 ms). Header FF FB 90 64; all-zero side information and main data decode to silence.
const MP3_FRAME_BYTES = 417;
const MP3_FRAME_MS = (1152 / 44_100) * 1000;

/** Valid silent MP3 of `frames` frames (any MPEG decoder plays it; `lame --decode` accepts it). */
export function silentMp3(frames: number): Buffer {
  const out = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let i = 0; i < frames; i++) {
    out.set([0xff, 0xfb, 0x90, 0x64], i * MP3_FRAME_BYTES);
  }
  return out;
}

/** 60 ms of audio per character, as the contract suggests, between 2 frames and 60 s. */
function framesForText(text: string): number {
  return Math.min(2300, Math.max(2, Math.ceil((text.length * 60) / MP3_FRAME_MS)));
}

export function createFakeElevenLabs(options: FakeElevenLabsOptions = {}): FakeElevenLabs {
  const maxConcurrent = options.maxConcurrent ?? 2;
  const chunkCount = Math.max(1, options.chunkCount ?? 4);
  const chunkDelayMs = options.chunkDelayMs ?? 25;
  const slowMs = options.slowMs ?? 2000;
  const initialCount = options.characterCount ?? 0;
  const state = {
    characterCount: initialCount,
    characterLimit: options.characterLimit ?? 100_000,
    inFlight: 0,
    maxConcurrent,
  };
  const requests: RecordedRequest[] = [];
  const faults: FakeFault[] = [];
  let baseUrl = '';
  const loopback = loopbackServer(handle, options.port);

  const voices = (): FakeVoice[] =>
    (options.voices ?? SEEDED_VOICES).map((v) => ({
      ...v,
      preview_url:
        v.preview_url === undefined ? `${baseUrl}/previews/${v.voice_id}.mp3` : v.preview_url,
    }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rawBody = await readBody(req);
    let body: unknown = undefined;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return json(res, 422, {
          detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'value_error.jsondecode' }],
        });
      }
    }
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });

    // Preview files live on public storage in the real service: no key needed.
    const preview = /^\/previews\/([^/]+)\.mp3$/.exec(url.pathname);
    if (preview && req.method === 'GET') {
      if (!voices().some((v) => v.voice_id === preview[1]))
        return json(res, 404, { detail: 'Not Found' });
      return audio(res, silentMp3(40));
    }

    const key = req.headers['xi-api-key'];
    if (typeof key !== 'string' || key === '' || key === FAKE_ELEVENLABS_BAD_KEY) {
      return json(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    if (key === FAKE_ELEVENLABS_NO_PERMS_KEY) {
      const permission = url.pathname.startsWith('/v1/text-to-speech')
        ? 'text_to_speech'
        : url.pathname.includes('voices')
          ? 'voices_read'
          : 'user_read';
      return json(res, 401, {
        detail: {
          status: 'missing_permissions',
          message: `The API key you used is missing the permission ${permission} to execute this operation.`,
        },
      });
    }

    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      return json(res, 200, { voices: voices() });
    }
    if (req.method === 'GET' && url.pathname === '/v2/voices') {
      return listVoicesV2(res, url.searchParams);
    }
    if (req.method === 'GET' && url.pathname === '/v1/user/subscription') {
      return json(res, 200, subscription());
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)(\/stream|\/with-timestamps)?$/.exec(url.pathname);
    if (tts) {
      if (req.method !== 'POST') return json(res, 405, { detail: 'Method Not Allowed' });
      return textToSpeech(req, res, decodeURIComponent(tts[1]!), tts[2] ?? '', body);
    }
    return json(res, 404, { detail: 'Not Found' });
  }

  function listVoicesV2(res: ServerResponse, params: URLSearchParams): void {
    const pageSize = Number(params.get('page_size') ?? '10');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
      return json(res, 422, {
        detail: [
          {
            loc: ['query', 'page_size'],
            msg: 'ensure this value is between 1 and 100',
            type: 'value_error',
          },
        ],
      });
    }
    const search = (params.get('search') ?? '').toLowerCase();
    const all = voices().filter((v) => v.name.toLowerCase().includes(search));
    const token = params.get('next_page_token');
    const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0) {
      return json(res, 400, {
        detail: { status: 'invalid_page_token', message: 'The page token is not valid.' },
      });
    }
    const page = all.slice(start, start + pageSize);
    const hasMore = start + pageSize < all.length;
    json(res, 200, {
      voices: page,
      has_more: hasMore,
      total_count: params.get('include_total_count') === 'false' ? null : all.length,
      next_page_token: hasMore ? Buffer.from(String(start + pageSize)).toString('base64url') : null,
    });
  }

  function subscription() {
    return {
      tier: 'creator',
      character_count: state.characterCount,
      character_limit: state.characterLimit,
      max_character_limit_extension: null,
      can_extend_character_limit: false,
      allowed_to_extend_character_limit: false,
      next_character_count_reset_unix: 1_738_356_858,
      voice_slots_used: 0,
      professional_voice_slots_used: 0,
      voice_limit: 30,
      voice_add_edit_counter: 0,
      professional_voice_limit: 1,
      can_extend_voice_limit: false,
      can_use_instant_voice_cloning: true,
      can_use_professional_voice_cloning: true,
      status: 'active',
      has_open_invoices: false,
    };
  }

  async function textToSpeech(
    req: IncomingMessage,
    res: ServerResponse,
    voiceId: string,
    variant: string,
    body: unknown,
  ): Promise<void> {
    if (!voices().some((v) => v.voice_id === voiceId)) {
      return json(res, 404, {
        detail: {
          status: 'voice_not_found',
          message: `A voice with the voice_id ${voiceId} was not found.`,
        },
      });
    }
    const input = (body ?? {}) as Record<string, unknown>;
    const problems = validateTtsBody(input);
    if (problems.length > 0) return json(res, 422, { detail: problems });
    const text = input.text as string;
    const modelId = typeof input.model_id === 'string' ? input.model_id : 'eleven_multilingual_v2';
    const maxChars = MODEL_CHARACTER_LIMITS[modelId] ?? 10_000;
    if (text.length > maxChars) {
      return json(res, 400, {
        detail: {
          status: 'max_character_limit_exceeded',
          message: `You are sending ${text.length} characters in a single request, while the maximum is ${maxChars} characters for this model.`,
        },
      });
    }

    if (state.inFlight >= maxConcurrent) {
      const headers: Record<string, string> =
        options.concurrencyRetryAfterSeconds != null
          ? { 'retry-after': String(options.concurrencyRetryAfterSeconds) }
          : {};
      return json(
        res,
        429,
        {
          detail: {
            status: 'too_many_concurrent_requests',
            message: `Too many concurrent requests. Your current subscription is associated with a maximum of ${maxConcurrent} concurrent requests (running in parallel). Please wait for a request to finish, or upgrade your subscription.`,
          },
        },
        headers,
      );
    }

    state.inFlight++;
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        state.inFlight--;
      }
    };
    // 'close' follows both a finished and a cut response, so the slot is always given back.
    res.on('close', release);
    const fault = faults.shift();
    if (fault?.kind === 'status') return json(res, fault.status, fault.body, fault.headers);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (text.includes('__500__')) {
      return json(res, 500, {
        detail: {
          status: 'something_went_wrong',
          message: 'We are sorry, something went wrong. You are not charged for this request.',
        },
      });
    }
    if (text.includes('__busy__')) {
      return json(res, 429, {
        detail: {
          status: 'system_busy',
          message:
            'We are experiencing high levels of traffic. Please retry your request later with exponential backoff.',
        },
      });
    }
    if (text.includes('__slow__')) {
      const stillOpen = await pause(slowMs, res);
      if (!stillOpen) return;
    }

    const cost = Math.ceil(text.length * (HALF_PRICE_MODELS.has(modelId) ? 0.5 : 1));
    const remaining = Math.max(0, state.characterLimit - state.characterCount);
    if (cost > remaining) {
      return json(res, 401, {
        detail: {
          status: 'quota_exceeded',
          message: `This request exceeds your quota of ${state.characterLimit}. You have ${remaining} credits remaining, while ${cost} credits are required for this request.`,
        },
      });
    }
    state.characterCount += cost;

    const mp3 = silentMp3(framesForText(text));
    const headers = {
      'request-id': randomBytes(10).toString('hex'),
      'character-cost': String(cost),
      'current-concurrent-requests': String(state.inFlight),
      'maximum-concurrent-requests': String(maxConcurrent),
      'x-region': 'us-central1',
    };
    if (variant === '/with-timestamps') {
      const perChar = 0.06;
      return json(
        res,
        200,
        {
          audio_base64: mp3.toString('base64'),
          alignment: alignment(text, perChar),
          normalized_alignment: alignment(text, perChar),
        },
        headers,
      );
    }
    if (variant === '') return audio(res, mp3, headers);

    // /stream: chunked transfer, several writes with pauses, so TTFB and streaming code paths run.
    res.writeHead(200, { 'content-type': 'audio/mpeg', ...headers });
    const frames = mp3.length / MP3_FRAME_BYTES;
    const perChunk = Math.ceil(frames / chunkCount);
    for (let i = 0; i < frames; i += perChunk) {
      if (i > 0 && !(await pause(chunkDelayMs, res))) return;
      res.write(
        mp3.subarray(i * MP3_FRAME_BYTES, Math.min(frames, i + perChunk) * MP3_FRAME_BYTES),
      );
      if (i === 0 && (fault?.kind === 'drop' || text.includes('__drop__'))) {
        await pause(chunkDelayMs, res);
        res.socket?.destroy();
        return;
      }
    }
    res.end();
  }

  const fake: FakeElevenLabs = {
    get baseUrl() {
      return baseUrl;
    },
    requests,
    state,
    injectFaults(...more) {
      faults.push(...more);
    },
    reset(characterCount = initialCount) {
      requests.length = 0;
      faults.length = 0;
      state.characterCount = characterCount;
    },
    async start() {
      baseUrl = await loopback.start();
      return baseUrl;
    },
    stop: () => loopback.stop(),
  };
  return fake;
}

/**
 * An HTTP server on 127.0.0.1 for a fake: start() answers its origin, stop() cuts open
 * connections so tests end at once. A handler that throws answers 500 (or cuts the connection).
 */
export function loopbackServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): { start(): Promise<string>; stop(): Promise<void> } {
  const sockets = new Set<Socket>();
  let server: http.Server | null = null;
  return {
    start() {
      return new Promise((resolve, reject) => {
        server = http.createServer((req, res) => {
          handle(req, res).catch((error: unknown) => {
            if (!res.headersSent) json(res, 500, { detail: String(error) });
            else res.destroy();
          });
        });
        server.on('connection', (socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`);
        });
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (!server) return resolve();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server = null;
      });
    },
  };
}

function validateTtsBody(input: Record<string, unknown>) {
  const problems: { loc: (string | number)[]; msg: string; type: string }[] = [];
  if (input.text === undefined || input.text === null) {
    problems.push({ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' });
  } else if (typeof input.text !== 'string') {
    problems.push({ loc: ['body', 'text'], msg: 'str type expected', type: 'type_error.str' });
  }
  const settings = input.voice_settings as Record<string, unknown> | undefined | null;
  if (settings && typeof settings === 'object') {
    const ranges: Record<string, [number, number]> = {
      stability: [0, 1],
      similarity_boost: [0, 1],
      style: [0, 1],
      speed: [0.7, 1.2],
    };
    for (const [field, [min, max]] of Object.entries(ranges)) {
      const value = settings[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'number' || value < min || value > max) {
        problems.push({
          loc: ['body', 'voice_settings', field],
          msg: `ensure this value is between ${min} and ${max}`,
          type: 'value_error.number.not_in_range',
        });
      }
    }
  }
  return problems;
}

function alignment(text: string, perChar: number) {
  const characters = [...text];
  return {
    characters,
    character_start_times_seconds: characters.map((_, i) => Number((i * perChar).toFixed(3))),
    character_end_times_seconds: characters.map((_, i) => Number(((i + 1) * perChar).toFixed(3))),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    server: 'uvicorn',
    ...headers,
  });
  res.end(text);
}

function audio(res: ServerResponse, mp3: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length, ...headers });
  res.end(mp3);
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Waits `ms`; resolves false early if the client went away. */
export function pause(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    res.once('close', onClose);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = createFakeElevenLabs({ port: Number(process.argv[2] ?? 8787) });
  void fake.start().then((url) => {
    console.log(`Fake ElevenLabs listening on ${url} (any key but "bad-key" or "no-perms")`);
  });
  process.once('SIGINT', () => void fake.stop().then(() => process.exit(0)));
}
