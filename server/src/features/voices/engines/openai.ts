import { PassThrough, type Readable } from 'node:stream';
import {
  DIRECTIONS,
  prosodyOf,
  type Delivery,
  type DirectionName,
} from '@doublecast/common/direction';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { splitForSynthesis } from '../text';
import {
  ELEVENLABS_ABORTED_MESSAGE,
  ELEVENLABS_TEXT_TOO_LONG_MESSAGE,
  ELEVENLABS_VOICE_NOT_FOUND_MESSAGE,
  VOICE_SERVICE_MESSAGES,
} from './elevenlabs';
import type { EngineVoice, SynthesisRequest, SynthesisResult, VoiceEngine } from './engine';
import {
  createHttpSpeech,
  isRecord,
  type Failure,
  type Operation,
  type HttpRetryTuning,
} from './http-stream';

/**
 * OpenAI-compatible speech servers (OpenAI itself, Kokoro-FastAPI, LocalAI, Speaches):
 * POST {base}/audio/speech with `response_format: mp3`, streamed; voices from OPENAI_TTS_VOICES
 * or GET {base}/audio/voices. Retries, timeouts and error mapping follow the ElevenLabs adapter
 * (docs/decisions/030-034); see docs/decisions/150-openai-compatible-speech-servers.md.
 */

export const OPENAI_TTS_DEFAULT_MODEL = 'tts-1';
/** OpenAI's price for tts-1: 15 USD per million characters. */
export const OPENAI_TTS1_USD_PER_1000_CHARACTERS = 0.015;
/** OpenAI refuses `input` longer than 4,096 characters; longer texts go in pieces. */
export const OPENAI_TTS_MAX_INPUT = 4096;
/** OpenAI's own voices, offered when the server has no voice list and none is configured. */
export const OPENAI_STANDARD_VOICES: readonly OpenAiVoiceSpec[] = [
  { id: 'alloy', name: 'Alloy', gender: 'neutral', accent: 'american' },
  { id: 'echo', name: 'Echo', gender: 'male', accent: 'american' },
  { id: 'fable', name: 'Fable', gender: 'male', accent: 'british' },
  { id: 'onyx', name: 'Onyx', gender: 'male', accent: 'american' },
  { id: 'nova', name: 'Nova', gender: 'female', accent: 'american' },
  { id: 'shimmer', name: 'Shimmer', gender: 'female', accent: 'american' },
];

export interface OpenAiVoiceSpec {
  id: string;
  name: string;
  gender: 'male' | 'female' | 'neutral' | null;
  accent: string | null;
}

export interface OpenAiEngineOptions extends HttpRetryTuning {
  /** e.g. http://127.0.0.1:8880/v1 or https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  /** OPENAI_TTS_VOICES parsed; null asks the server. */
  voices?: OpenAiVoiceSpec[] | null;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  /** Longest `input` per request (default 4,096). */
  maxInputChars?: number;
  /** What the server charges (OpenAI's tts-1: 0.015; a self-hosted server: 0). */
  usdPer1000Characters?: number;
  /** The model takes `instructions` (default: OpenAI's gpt-4o TTS models do). */
  instructions?: boolean;
}

/**
 * OPENAI_TTS_VOICES: comma-separated `id:Display Name:gender:accent` (only the id is required).
 * Throws with a message naming the bad entry.
 */
export function parseVoiceList(value: string): OpenAiVoiceSpec[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id = '', name, gender, accent] = entry.split(':').map((p) => p.trim());
      if (!id) throw new Error(`OPENAI_TTS_VOICES: "${entry}" has no voice id`);
      const g = gender?.toLowerCase() || null;
      if (g !== null && g !== 'male' && g !== 'female' && g !== 'neutral')
        throw new Error(
          `OPENAI_TTS_VOICES: "${entry}" has gender "${gender}" (male, female or neutral)`,
        );
      return { id, name: name || titleCase(id), gender: g, accent: accent?.toLowerCase() || null };
    });
}

/**
 * A voice the server named without labels. Kokoro's ids say language and gender in their first
 * two letters (af_bella: American female, bm_george: British male).
 */
export function voiceFromId(id: string): OpenAiVoiceSpec {
  const standard = OPENAI_STANDARD_VOICES.find((v) => v.id === id);
  if (standard) return standard;
  const kokoro = /^([ab])([fm])_(.+)$/.exec(id);
  if (kokoro)
    return {
      id,
      name: titleCase(kokoro[3]!),
      gender: kokoro[2] === 'f' ? 'female' : 'male',
      accent: kokoro[1] === 'a' ? 'american' : 'british',
    };
  return { id, name: titleCase(id), gender: null, accent: null };
}

function titleCase(id: string): string {
  return id
    .replace(/[_-]+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

export function createOpenAiEngine(options: OpenAiEngineOptions): VoiceEngine {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const model = options.model || OPENAI_TTS_DEFAULT_MODEL;
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxInput = options.maxInputChars ?? OPENAI_TTS_MAX_INPUT;
  const log = options.log;
  const takesInstructions = options.instructions ?? /^gpt-4o/i.test(model);
  const http = createHttpSpeech({
    ...options,
    provider: 'openai',
    label: 'The speech server',
    ...VOICE_SERVICE_MESSAGES,
  });
  const headers = (accept: string): Record<string, string> => ({
    accept,
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  });

  /** Reads an OpenAI-style error answer and decides what it means (decision 150's table). */
  async function classify(operation: Operation, response: Response): Promise<Failure> {
    const { text: body, status, retryAfterMs } = await http.readErrorAnswer(response);
    const detail = parseOpenAiError(body);
    const text = `${detail.code ?? ''} ${detail.message ?? ''}`.toLowerCase();
    const context = {
      provider: 'openai',
      operation,
      httpStatus: status,
      providerCode: detail.code,
      providerMessage: detail.message,
      providerRequestId: response.headers.get('x-request-id'),
    };
    return http.failureOf({
      operation,
      status,
      retryAfterMs,
      context,
      isQuota: status === 429 && (detail.code === 'insufficient_quota' || /quota/.test(text)),
      quotaLog: 'The speech server quota is used up',
      keyRefusedLog: `Speech server configuration error: the API key was refused (${detail.code ?? status}). Check OPENAI_TTS_API_KEY.`,
      limitLog: 'The speech server is rate limiting',
      synthesisFault: () => {
        if (/voice/.test(text) && /not found|not exist|unknown|invalid|unsupported/.test(text))
          return new AppError('not-found', ELEVENLABS_VOICE_NOT_FOUND_MESSAGE);
        if (/too long|string_above_max_length|maximum length|max_length/.test(text))
          return new AppError('invalid-argument', ELEVENLABS_TEXT_TOO_LONG_MESSAGE);
        if (status === 404) {
          // An unknown route or model: the base URL or OPENAI_TTS_MODEL is wrong.
          log.error(
            context,
            'Speech server configuration error: check OPENAI_TTS_BASE_URL and OPENAI_TTS_MODEL.',
          );
          return http.unavailable();
        }
        return null;
      },
    });
  }

  async function listVoices(): Promise<EngineVoice[]> {
    const specs = options.voices ?? (await fetchVoiceList());
    return specs.map(toEngineVoice);
  }

  async function fetchVoiceList(): Promise<OpenAiVoiceSpec[]> {
    // OpenAI itself has no voice list: its standard voices are the list.
    const body = await http.getJson(
      fetchImpl,
      `${baseUrl}/audio/voices`,
      headers('application/json'),
      (response) => classify('list-voices', response),
      [404, 405],
    );
    if (body === null) return [...OPENAI_STANDARD_VOICES];
    const list = Array.isArray(body)
      ? body
      : isRecord(body) && Array.isArray(body.voices)
        ? body.voices
        : isRecord(body) && Array.isArray(body.data)
          ? body.data
          : null;
    if (!list) {
      log.error({ provider: 'openai' }, 'The speech server voice list had an unexpected shape');
      throw http.unavailable();
    }
    return list.flatMap((raw): OpenAiVoiceSpec[] => {
      if (typeof raw === 'string' && raw.trim()) return [voiceFromId(raw.trim())];
      if (!isRecord(raw)) return [];
      const id = [raw.id, raw.voice_id, raw.voice, raw.name].find(
        (v): v is string => typeof v === 'string' && v.trim() !== '',
      );
      if (!id) return [];
      const guess = voiceFromId(id);
      const gender = typeof raw.gender === 'string' ? raw.gender.toLowerCase() : null;
      return [
        {
          id,
          name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : guess.name,
          gender:
            gender === 'male' || gender === 'female' || gender === 'neutral'
              ? gender
              : guess.gender,
          accent: typeof raw.accent === 'string' ? raw.accent.toLowerCase() : guess.accent,
        },
      ];
    });
  }

  /** One request: retried until its first audio bytes, then streamed. */
  async function synthesizePiece(
    request: SynthesisRequest,
    input: string,
    speed: number,
  ): Promise<SynthesisResult> {
    const said = takesInstructions ? instructionsFor(request.delivery) : null;
    const payload = JSON.stringify({
      model,
      input,
      voice: request.providerVoiceId,
      response_format: 'mp3',
      speed,
      ...(said ? { instructions: said } : {}),
    });
    const opened = await http.openWithRetries(
      fetchImpl,
      `${baseUrl}/audio/speech`,
      {
        method: 'POST',
        headers: { ...headers('audio/mpeg'), 'content-type': 'application/json' },
        body: payload,
      },
      request.signal,
      (response) => classify('synthesize', response),
    );
    return http.stream(opened, request.signal, {
      providerRequestId: opened.response.headers.get('x-request-id'),
      credits: null,
      modelId: model,
    });
  }

  async function synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const text = request.text.trim();
    if (!text) throw new AppError('invalid-argument', 'Please enter some text');
    const speed = directedSpeed(
      Math.min(1.2, Math.max(0.7, request.settings.speed || 1)),
      request.delivery,
    );
    const pieces =
      text.length <= maxInput
        ? [text]
        : splitForSynthesis(text, { firstMaxChars: maxInput, maxChars: maxInput });
    const first = await synthesizePiece(request, pieces[0]!, speed);
    if (pieces.length === 1) return first;

    // MP3 frames join end to end: later pieces follow the first on one stream, each asked for
    // when the one before has ended.
    const audio = new PassThrough();
    const done = (async () => {
      let current: SynthesisResult = first;
      let requestIds: string[] = [];
      for (let i = 0; ; i++) {
        await pipeInto(current.audio, audio);
        const meta = await current.done;
        if (meta.providerRequestId) requestIds = [...requestIds, meta.providerRequestId];
        if (i + 1 >= pieces.length) break;
        current = await synthesizePiece(request, pieces[i + 1]!, speed);
      }
      audio.end();
      return { providerRequestId: requestIds.join(',') || null, credits: null, modelId: model };
    })();
    done.catch((error: unknown) => audio.destroy(error as Error));
    audio.on('close', () => {
      if (!audio.writableEnded) first.audio.destroy();
    });
    return { audio, done };
  }

  return {
    name: 'openai',
    usdPer1000Characters: options.usdPer1000Characters ?? 0,
    version: `openai-1/${baseUrl}/${model}/mp3`,
    directions: takesInstructions ? DIRECTIONS : (['fast', 'slow'] as DirectionName[]),
    listVoices,
    synthesize,
  };
}

/** What `instructions` says for each direction (models that take them, docs/decisions/321). */
const INSTRUCTIONS: Record<DirectionName, string> = {
  quietly: 'Speak quietly, almost in a whisper.',
  loudly: 'Speak loudly, as if shouting.',
  angrily: 'Sound angry.',
  sadly: 'Sound sad.',
  happily: 'Sound happy.',
  nervously: 'Sound nervous.',
  sarcastically: 'Sound sarcastic.',
  fast: 'Speak fast.',
  slow: 'Speak slowly.',
  beat: 'Take a short beat before the first word.',
  pause: 'Pause before the first word.',
};

export function instructionsFor(delivery: Delivery | undefined): string | null {
  if (!delivery) return null;
  const parts = delivery.directions.map((d) => INSTRUCTIONS[d]);
  if (delivery.take > 1) parts.push(`This is take ${delivery.take}: read it a little differently.`);
  return parts.length ? parts.join(' ') : null;
}

/**
 * The request's speed: the directions' rate and, for another take, a small change of pace (no
 * seed to vary), within the range every OpenAI-compatible server accepts (0.25..4).
 */
function directedSpeed(speed: number, delivery: Delivery | undefined): number {
  if (!delivery) return speed;
  const paced = delivery.directions.filter((d) => d === 'fast' || d === 'slow');
  const { rate } = prosodyOf({ directions: paced, take: delivery.take });
  if (rate === 1) return speed;
  return Math.round(Math.min(4, Math.max(0.25, speed * rate)) * 100) / 100;
}

function toEngineVoice(v: OpenAiVoiceSpec): EngineVoice {
  return {
    providerVoiceId: v.id,
    name: v.name,
    description: null,
    labels: { gender: v.gender, age: null, accent: v.accent, useCase: null },
    bestFor: [],
    category: v.gender === 'female' ? 'women' : 'men',
    previewUrl: null,
  };
}

/** Copies one stream into another without ending it; rejects when the source fails. */
function pipeInto(source: Readable, target: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    source.on('data', (chunk: Buffer) => {
      if (!target.write(chunk)) {
        source.pause();
        target.once('drain', () => source.resume());
      }
    });
    source.once('end', resolve);
    source.once('error', reject);
    target.once('close', () => {
      source.destroy();
      reject(new AppError('aborted', ELEVENLABS_ABORTED_MESSAGE));
    });
  });
}

/** OpenAI's `{error: {message, code, type}}`, FastAPI's `{detail: ...}`, or plain text. */
export function parseOpenAiError(text: string): { code: string | null; message: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { code: null, message: text.trim() ? text.trim().slice(0, 300) : null };
  }
  const inner = isRecord(body) ? (body.error ?? body.detail ?? body) : body;
  if (typeof inner === 'string') return { code: null, message: inner.slice(0, 300) };
  if (Array.isArray(inner)) {
    const message = inner
      .filter(isRecord)
      .map(
        (item) =>
          `${Array.isArray(item.loc) ? item.loc.join('.') : ''}: ${String(item.msg ?? '')} ${String(item.type ?? '')}`,
      )
      .join('; ');
    return { code: null, message: message || null };
  }
  if (!isRecord(inner)) return { code: null, message: null };
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = inner[key];
      if (typeof value === 'string' && value) return value;
    }
    return null;
  };
  return { code: pick('code', 'error', 'type'), message: pick('message', 'msg') };
}
