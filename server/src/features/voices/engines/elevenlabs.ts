import { PROVIDER_COST_PER_1000_CHARACTERS_USD } from '@doublecast/common/admin';
import { prosodyOf, type Delivery, type DirectionName } from '@doublecast/common/direction';
import { clampSynthesisSettings } from '@doublecast/common/studio';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { EngineVoice, SynthesisRequest, SynthesisResult, VoiceEngine } from './engine';
import {
  createHttpSpeech,
  isRecord,
  parseNumber,
  type Failure,
  type Operation,
  type HttpRetryTuning,
} from './http-stream';

export { parseRetryAfter } from './http-stream';

/**
 * The ElevenLabs adapter (contract: docs/glossary.md#elevenlabs). Streams MP3 from
 * POST /v1/text-to-speech/{voice}/stream, retries what the provider says is worth retrying
 * (concurrency, system busy, 5xx, connection failures) with exponential backoff and jitter, and
 * maps every provider error to an AppError. See docs/decisions/030..034.
 */

export const ELEVENLABS_OUTPUT_FORMAT = 'mp3_44100_128';
export const ELEVENLABS_DEFAULT_MODEL_ID = 'eleven_multilingual_v2';
/**
 * ElevenLabs accepts speed 0.7..1.2 (docs: "minimum of 0.7 … maximum of 1.2"): the product's own
 * SPEED_RANGE in common/src/studio.ts, which clampSynthesisSettings keeps requests inside.
 */

export const ELEVENLABS_UNAVAILABLE_MESSAGE =
  'Voice service temporarily unavailable. Please try again in a few moments.';
export const ELEVENLABS_BUSY_MESSAGE = 'The voice service is busy. Please try again in a moment.';
export const ELEVENLABS_QUOTA_MESSAGE =
  'The voice service has used up its character quota. Please try again later.';
export const ELEVENLABS_VOICE_NOT_FOUND_MESSAGE = 'Voice not found';
export const ELEVENLABS_TEXT_TOO_LONG_MESSAGE = 'The text is too long for one reading.';
export const ELEVENLABS_REJECTED_MESSAGE = 'The voice service could not read this request.';
export const ELEVENLABS_ABORTED_MESSAGE = 'The reading was cancelled.';

/** What the HTTP speech adapters answer for failures every service shares. */
export const VOICE_SERVICE_MESSAGES = {
  unavailableMessage: ELEVENLABS_UNAVAILABLE_MESSAGE,
  abortedMessage: ELEVENLABS_ABORTED_MESSAGE,
  quotaMessage: ELEVENLABS_QUOTA_MESSAGE,
  busyMessage: ELEVENLABS_BUSY_MESSAGE,
  rejectedMessage: ELEVENLABS_REJECTED_MESSAGE,
} as const;

export interface ElevenLabsEngineOptions extends HttpRetryTuning {
  apiKey: string;
  baseUrl: string;
  modelId: string;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}

interface ProviderDetail {
  status: string | null;
  message: string | null;
  /** The FastAPI 422 list, when that is what came back. */
  validation: { loc: unknown[]; msg: string }[] | null;
}

export function createElevenLabsEngine(options: ElevenLabsEngineOptions): VoiceEngine {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const modelId = options.modelId || ELEVENLABS_DEFAULT_MODEL_ID;
  const fetchImpl = options.fetchImpl ?? fetch;
  const log = options.log;
  const http = createHttpSpeech({
    ...options,
    provider: 'elevenlabs',
    label: 'ElevenLabs',
    ...VOICE_SERVICE_MESSAGES,
  });

  /** Reads an error answer and decides what it means; logs what an operator must act on. */
  async function classify(operation: Operation, response: Response): Promise<Failure> {
    const { text, status, retryAfterMs } = await http.readErrorAnswer(response);
    const detail = parseDetail(text);
    const notFound =
      status === 404 ||
      detail.status === 'voice_not_found' ||
      detail.status === 'voice_does_not_exist';
    return http.failureOf({
      operation,
      status,
      retryAfterMs,
      context: {
        provider: 'elevenlabs',
        operation,
        httpStatus: status,
        providerStatus: detail.status,
        providerMessage: detail.message,
        providerRequestId: response.headers.get('request-id'),
      },
      isQuota: status === 401 && detail.status === 'quota_exceeded',
      quotaLog: 'ElevenLabs character quota exceeded',
      // invalid_api_key, missing_permissions, a plan too small for the voice, a suspended account.
      keyRefusedLog: `ElevenLabs configuration error: the API key was refused (${detail.status ?? status}). Check ELEVENLABS_API_KEY and its permissions.`,
      isServiceBusy: detail.status === 'system_busy',
      limitLog:
        detail.status === 'system_busy'
          ? 'ElevenLabs is busy'
          : 'ElevenLabs concurrency limit reached',
      synthesisFault: () =>
        notFound
          ? new AppError('not-found', ELEVENLABS_VOICE_NOT_FOUND_MESSAGE)
          : detail.status === 'max_character_limit_exceeded'
            ? new AppError('invalid-argument', ELEVENLABS_TEXT_TOO_LONG_MESSAGE)
            : null,
      rejectedDetails: detail.validation ? { problems: detail.validation } : undefined,
    });
  }

  async function listVoices(): Promise<EngineVoice[]> {
    const body = await http.getJson(
      fetchImpl,
      `${baseUrl}/v1/voices`,
      { 'xi-api-key': options.apiKey, accept: 'application/json' },
      (response) => classify('list-voices', response),
    );
    const list = isRecord(body) && Array.isArray(body.voices) ? body.voices : null;
    if (!list) {
      log.error({ provider: 'elevenlabs' }, 'ElevenLabs voice list had an unexpected shape');
      throw new AppError('unavailable', ELEVENLABS_UNAVAILABLE_MESSAGE);
    }
    return list.flatMap((raw) => {
      const voice = mapVoice(raw);
      return voice ? [voice] : [];
    });
  }

  async function synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const settings = clampSynthesisSettings(request.settings);
    const url =
      `${baseUrl}/v1/text-to-speech/${encodeURIComponent(request.providerVoiceId)}/stream` +
      `?output_format=${ELEVENLABS_OUTPUT_FORMAT}`;
    const payload = JSON.stringify({
      text: directedText(request.text, request.delivery, modelId),
      model_id: modelId,
      voice_settings: {
        stability: settings.stability,
        similarity_boost: settings.similarity,
        speed: directedSpeed(settings.speed, request.delivery),
      },
      ...takeSeed(request.delivery),
    });

    const opened = await http.openWithRetries(
      fetchImpl,
      url,
      {
        method: 'POST',
        headers: {
          'xi-api-key': options.apiKey,
          'content-type': 'application/json',
          accept: 'audio/mpeg',
        },
        body: payload,
      },
      request.signal,
      (response) => classify('synthesize', response),
    );
    return http.stream(opened, request.signal, {
      providerRequestId: opened.response.headers.get('request-id'),
      credits: parseNumber(opened.response.headers.get('character-cost')),
      modelId,
    });
  }

  return {
    name: 'elevenlabs',
    usdPer1000Characters: PROVIDER_COST_PER_1000_CHARACTERS_USD,
    // A new model or output format must never be served from audio cached under the old one.
    version: `elevenlabs-1/${modelId}/${ELEVENLABS_OUTPUT_FORMAT}`,
    directions: elevenLabsDirections(modelId),
    listVoices,
    synthesize,
  };
}

/** Eleven v3 reads audio tags ("[whispers] Go."); the other models read SSML breaks. */
const isV3 = (modelId: string) => modelId.startsWith('eleven_v3');

/** v3's audio tags for the directions it acts on by tag (docs/decisions/321). */
const V3_TAGS: Partial<Record<DirectionName, string>> = {
  quietly: '[whispers]',
  loudly: '[shouts]',
  angrily: '[angry]',
  sadly: '[sad]',
  happily: '[happy]',
  nervously: '[nervous]',
  sarcastically: '[sarcastic]',
  beat: '[short pause]',
  pause: '[long pause]',
};

/** What the model acts on: speed and pauses on every model, the delivery tags on v3. */
export function elevenLabsDirections(modelId: string): DirectionName[] {
  const tags = isV3(modelId) ? (Object.keys(V3_TAGS) as DirectionName[]) : ['beat', 'pause'];
  return ['fast', 'slow', ...tags] as DirectionName[];
}

/** The text with the line's directions as the model reads them, before the words. */
function directedText(text: string, delivery: Delivery | undefined, modelId: string): string {
  const directions = delivery?.directions ?? [];
  if (isV3(modelId)) {
    const tags = directions.map((d) => V3_TAGS[d]).filter(Boolean);
    return tags.length ? `${tags.join(' ')} ${text}` : text;
  }
  const pause = prosodyOf({ directions: directions.filter(isPause), take: 1 }).pauseBeforeMs;
  return pause > 0 ? `<break time="${(pause / 1000).toFixed(1)}s" /> ${text}` : text;
}

const isPause = (d: DirectionName) => d === 'beat' || d === 'pause';

/** Fast and slow within the speeds ElevenLabs accepts (0.7..1.2). */
function directedSpeed(speed: number, delivery: Delivery | undefined): number {
  const paced = (delivery?.directions ?? []).filter((d) => d === 'fast' || d === 'slow');
  if (paced.length === 0) return speed;
  const rate = prosodyOf({ directions: paced, take: 1 }).rate;
  return Math.round(Math.min(1.2, Math.max(0.7, speed * rate)) * 100) / 100;
}

/** Another take is another sampling seed; the first read leaves the seed to the provider. */
function takeSeed(delivery: Delivery | undefined): { seed?: number } {
  return delivery && delivery.take > 1 ? { seed: delivery.take * 7919 } : {};
}

/** Reads `detail` whether it is an object, a FastAPI list, a string, or missing. */
export function parseDetail(text: string): ProviderDetail {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      status: null,
      message: text.trim() ? text.trim().slice(0, 300) : null,
      validation: null,
    };
  }
  const detail = isRecord(body) && 'detail' in body ? body.detail : body;
  if (Array.isArray(detail)) {
    const validation = detail.filter(isRecord).map((item) => ({
      loc: Array.isArray(item.loc) ? item.loc : [],
      msg: typeof item.msg === 'string' ? item.msg : '',
    }));
    return {
      status: null,
      message: validation.map((v) => `${v.loc.join('.')}: ${v.msg}`).join('; ') || null,
      validation,
    };
  }
  if (isRecord(detail)) {
    return {
      status: typeof detail.status === 'string' ? detail.status : null,
      message: typeof detail.message === 'string' ? detail.message : null,
      validation: null,
    };
  }
  return { status: null, message: typeof detail === 'string' ? detail : null, validation: null };
}

const GENDERS = new Set(['male', 'female', 'neutral']);
// ElevenLabs has no child age; only an explicit label puts a voice under CHILDREN (decision 031).
const CHILD_AGES = new Set(['child', 'kid', 'children']);
const USE_CASE_TAGS: Record<string, string[]> = {
  characters_animation: ['Characters', 'Animation'],
  informative_educational: ['Informative', 'Educational'],
  entertainment_tv: ['Entertainment', 'TV'],
  narrative_story: ['Narrative', 'Story'],
  social_media: ['Social Media'],
  asmr: ['ASMR'],
};

/** One provider voice to our shape; null for an entry without an id or name. */
export function mapVoice(raw: unknown): EngineVoice | null {
  if (
    !isRecord(raw) ||
    typeof raw.voice_id !== 'string' ||
    !raw.voice_id ||
    typeof raw.name !== 'string'
  )
    return null;
  const labels = isRecord(raw.labels) ? raw.labels : {};
  // gender/age/accent/use_case are also read at the top level, as a fallback.
  const label = (...keys: string[]): string | null => {
    for (const key of keys) {
      for (const source of [labels, raw]) {
        const value = source[key];
        if (typeof value === 'string' && value.trim()) return value.trim();
      }
    }
    return null;
  };
  const genderLabel = label('gender')?.toLowerCase() ?? null;
  const gender =
    genderLabel && GENDERS.has(genderLabel) ? (genderLabel as 'male' | 'female' | 'neutral') : null;
  const age = label('age')?.toLowerCase().replace(/[_-]+/g, ' ') ?? null;
  const accent = label('accent')?.toLowerCase().replace(/_+/g, ' ') ?? null;
  const useCase = label('use_case', 'use case')?.toLowerCase() ?? null;
  const description =
    (typeof raw.description === 'string' && raw.description.trim()) ||
    (typeof labels.description === 'string' && labels.description.trim()) ||
    (typeof labels.descriptive === 'string' && labels.descriptive.trim()) ||
    null;
  const previewUrl =
    typeof raw.preview_url === 'string' && /^https?:\/\//.test(raw.preview_url)
      ? raw.preview_url
      : null;

  return {
    providerVoiceId: raw.voice_id,
    name: raw.name.trim(),
    description,
    labels: { gender, age, accent, useCase: useCase ? useCase.replace(/_+/g, ' ') : null },
    bestFor: useCase ? bestForTags(useCase) : [],
    category: age && CHILD_AGES.has(age) ? 'children' : gender === 'female' ? 'women' : 'men',
    previewUrl,
  };
}

function bestForTags(useCase: string): string[] {
  const key = useCase.trim().replace(/[\s-]+/g, '_');
  const known = USE_CASE_TAGS[key];
  if (known) return known;
  return useCase
    .split(/\s*[,/&]\s*/)
    .map((part) =>
      part
        .replace(/_+/g, ' ')
        .trim()
        .replace(/\b\w/g, (c) => c.toUpperCase()),
    )
    .filter(Boolean)
    .slice(0, 3);
}
