import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { SynthesisResult } from './engine';

/**
 * What the HTTP speech adapters (ElevenLabs, OpenAI-compatible servers) share: retries by p-retry
 * with a first-byte timeout per attempt (decisions 030, 364), the streamed answer with its idle
 * timeout (docs/decisions/034), and the order in which error answers are read (quota, refused
 * key, rate limit, outage, then the request's own faults). Each adapter brings its request shape
 * and what its error bodies say.
 */

export interface HttpSpeechOptions extends HttpRetryTuning {
  /** Log field `provider`, e.g. elevenlabs. */
  provider: string;
  /** How log lines name the service, e.g. ElevenLabs. */
  label: string;
  log: FastifyBaseLogger;
  unavailableMessage: string;
  abortedMessage: string;
  quotaMessage: string;
  busyMessage: string;
  rejectedMessage: string;
}

/** Retries and timeouts of an HTTP speech adapter (docs/decisions/030). */
export interface HttpRetryTuning {
  /** Retries after the first attempt for retryable failures (default 2, as the vendor SDK). */
  maxRetries?: number;
  /** First backoff step; doubles per retry (default 1,000 ms). */
  retryBaseDelayMs?: number;
  /** Longest single wait, also the cap on an honoured Retry-After (default 10,000 ms). */
  maxRetryDelayMs?: number;
  /** Time allowed for the response headers and the first audio bytes (default 30,000 ms). */
  firstByteTimeoutMs?: number;
  /** Longest silence between two audio chunks once streaming (default 30,000 ms). */
  idleTimeoutMs?: number;
  /** Jitter source, 0..1 (tests pin it). */
  random?: () => number;
}

/** Where a provider answer leads: retry, or a final AppError. */
export interface Failure {
  error: AppError;
  retryable: boolean;
  /** Retry-After from the provider, in ms. */
  retryAfterMs: number | null;
}

/** Thrown inside an attempt to hand the classified failure to the retry loop. */
export class ProviderFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.error.message);
  }
}

/** An answer whose first audio bytes have arrived. */
export interface OpenedStream {
  response: Response;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  first: Uint8Array;
  /** Aborts the body; follows the attempt's signal only until the first bytes. */
  controller: AbortController;
}

export type StreamMeta = Awaited<SynthesisResult['done']>;

export type Operation = 'list-voices' | 'synthesize';

/** An error answer as the adapter read it, for `failureOf`. */
export interface ErrorAnswer {
  operation: Operation;
  status: number;
  retryAfterMs: number | null;
  /** Log fields: the provider's own code, message and request id. */
  context: Record<string, unknown>;
  /** The account's quota is used up: final, whatever the status. */
  isQuota: boolean;
  quotaLog: string;
  /** Logged as an error when the key is refused (401/403). */
  keyRefusedLog: string;
  /** Logged for a 429. */
  limitLog: string;
  /** A 429 that means the whole service is busy (unavailable) rather than our limit (busy). */
  isServiceBusy?: boolean;
  /** A synthesis fault the body names (unknown voice, text too long), after the retryable ones. */
  synthesisFault?: () => AppError | null;
  /** Details for the invalid-argument answer to a refused request (400/422). */
  rejectedDetails?: Record<string, unknown>;
}

export interface HttpSpeech {
  /**
   * Runs `attempt` until it succeeds, a failure is final, or the retries are spent. `attempt`
   * gets a signal that fires on the caller's abort or the first-byte timeout.
   */
  withRetries<T>(
    operation: string,
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T>;
  /**
   * One attempt of a streamed request: fetches, hands an error answer to `classify`, and waits
   * for the first audio bytes (until then a dropped connection is still safe to retry).
   */
  open(
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
    signal: AbortSignal,
    classify: (response: Response) => Promise<Failure>,
  ): Promise<OpenedStream>;
  /** The opened answer as the engine's audio stream; `meta` fills `done` at the end. */
  stream(
    opened: OpenedStream,
    callerSignal: AbortSignal | undefined,
    meta: StreamMeta,
  ): SynthesisResult;
  /** `open` under `withRetries`: the answer once its first audio bytes have arrived. */
  openWithRetries(
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
    callerSignal: AbortSignal | undefined,
    classify: (response: Response) => Promise<Failure>,
  ): Promise<OpenedStream>;
  /** A JSON GET under `withRetries`; null when the status is one of `absentOn`. */
  getJson(
    fetchImpl: typeof fetch,
    url: string,
    headers: Record<string, string>,
    classify: (response: Response) => Promise<Failure>,
    absentOn?: number[],
  ): Promise<unknown>;
  /** An error answer's text (at most 64 KiB), status and Retry-After. */
  readErrorAnswer(
    response: Response,
  ): Promise<{ text: string; status: number; retryAfterMs: number | null }>;
  /** Where an error answer leads, in the order every HTTP speech service shares. */
  failureOf(answer: ErrorAnswer): Failure;
  abortedError(): AppError;
  unavailable(): AppError;
}

export function createHttpSpeech(options: HttpSpeechOptions): HttpSpeech {
  const { provider, label, log } = options;
  const maxRetries = Math.max(0, options.maxRetries ?? 2);
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const firstByteTimeoutMs = options.firstByteTimeoutMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const random = options.random ?? Math.random;
  const abortedError = () => new AppError('aborted', options.abortedMessage);
  const unavailable = () => new AppError('unavailable', options.unavailableMessage);

  /** ±20 % jitter around base·2^n, capped. */
  const backoffMs = (retry: number) =>
    Math.min(maxRetryDelayMs, retryBaseDelayMs * 2 ** retry) * (0.8 + 0.4 * random());

  /** One attempt under the first-byte timeout; a final failure is wrapped for p-retry to stop on. */
  async function attemptOnce<T>(
    operation: string,
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('first-byte timeout'));
    }, firstByteTimeoutMs);
    const onAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await attempt(controller.signal);
    } catch (error) {
      if (callerSignal?.aborted) throw new AbortError(abortedError());
      if (error instanceof ProviderFailure) {
        if (!error.failure.retryable) throw new AbortError(error.failure.error);
        throw error;
      }
      if (timedOut) {
        // A timed-out request may still be produced and billed; asking again could pay twice.
        log.warn(
          { provider, operation, timeoutMs: firstByteTimeoutMs },
          `${label} did not answer in time`,
        );
        throw new AbortError(unavailable());
      }
      // Refused or reset before any audio arrived: nothing was produced, so a retry is safe.
      log.warn({ provider, operation, err: describe(error) }, `${label} connection failed`);
      throw new ProviderFailure({ error: unavailable(), retryable: true, retryAfterMs: null });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * p-retry counts the attempts and stops on a final failure or the caller's abort; the wait
   * between attempts is ours (a provider's Retry-After, else jittered backoff), so p-retry's own
   * delay is zero and the wait happens in onFailedAttempt.
   */
  async function withRetries<T>(
    operation: string,
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    try {
      return await pRetry(() => attemptOnce(operation, callerSignal, attempt), {
        retries: maxRetries,
        minTimeout: 0,
        signal: callerSignal,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (!(error instanceof ProviderFailure) || retriesLeft === 0) return;
          const delay = error.failure.retryAfterMs ?? backoffMs(attemptNumber - 1);
          if (delay > maxRetryDelayMs) throw error.failure.error;
          log.info(
            { provider, operation, retry: attemptNumber, delayMs: Math.round(delay) },
            `Retrying ${label} request`,
          );
          await sleep(delay, undefined, { signal: callerSignal });
        },
      });
    } catch (error) {
      if (callerSignal?.aborted) throw abortedError();
      throw error instanceof ProviderFailure ? error.failure.error : error;
    }
  }

  async function open(
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
    signal: AbortSignal,
    classify: (response: Response) => Promise<Failure>,
  ): Promise<OpenedStream> {
    // The response body outlives the attempt, so the fetch gets a controller of its own that
    // follows the attempt's signal only while waiting for the first bytes.
    const controller = new AbortController();
    const onAttemptAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAttemptAbort, { once: true });
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      if (!response.ok) throw new ProviderFailure(await classify(response));
      if (!response.body) throw new Error(`${label} sent no body`);
      const reader = response.body.getReader();
      const first = await reader.read();
      if (first.done || first.value.byteLength === 0)
        throw new Error(`${label} sent an empty body`);
      return { response, reader, first: first.value, controller };
    } catch (error) {
      controller.abort();
      throw error;
    } finally {
      signal.removeEventListener('abort', onAttemptAbort);
    }
  }

  function openWithRetries(
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
    callerSignal: AbortSignal | undefined,
    classify: (response: Response) => Promise<Failure>,
  ): Promise<OpenedStream> {
    return withRetries('synthesize', callerSignal, (signal) =>
      open(fetchImpl, url, init, signal, classify),
    );
  }

  function getJson(
    fetchImpl: typeof fetch,
    url: string,
    headers: Record<string, string>,
    classify: (response: Response) => Promise<Failure>,
    absentOn: number[] = [],
  ): Promise<unknown> {
    return withRetries('list-voices', undefined, async (signal) => {
      const response = await fetchImpl(url, { headers, signal });
      if (absentOn.includes(response.status)) {
        await readTextCapped(response, 1024);
        return null;
      }
      if (!response.ok) throw new ProviderFailure(await classify(response));
      return (await response.json()) as unknown;
    });
  }

  async function readErrorAnswer(response: Response) {
    return {
      text: await readTextCapped(response, 64 * 1024),
      status: response.status,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    };
  }

  function failureOf(answer: ErrorAnswer): Failure {
    const { status, retryAfterMs, context } = answer;
    const final = (error: AppError): Failure => ({ error, retryable: false, retryAfterMs: null });
    if (answer.isQuota) {
      // Permanent for this billing period: retrying only burns time.
      log.warn(context, answer.quotaLog);
      return final(new AppError('resource-exhausted', options.quotaMessage));
    }
    if (status === 401 || status === 403) {
      log.error(context, answer.keyRefusedLog);
      return final(unavailable());
    }
    if (status === 429) {
      log.warn(context, answer.limitLog);
      const error = answer.isServiceBusy
        ? unavailable()
        : busyError(options.busyMessage, retryAfterMs);
      return { error, retryable: true, retryAfterMs };
    }
    if (status >= 500 || status === 408) {
      log.warn(context, `${label} failed`);
      return { error: unavailable(), retryable: true, retryAfterMs };
    }
    if (answer.operation === 'synthesize') {
      const fault = answer.synthesisFault?.();
      if (fault) return final(fault);
      if (status === 400 || status === 422) {
        log.warn(context, `${label} refused the request`);
        return final(
          new AppError('invalid-argument', options.rejectedMessage, answer.rejectedDetails),
        );
      }
    }
    log.error(context, `${label} answered unexpectedly`);
    return final(unavailable());
  }

  function stream(
    opened: OpenedStream,
    callerSignal: AbortSignal | undefined,
    meta: StreamMeta,
  ): SynthesisResult {
    const { reader, first, controller: streamController } = opened;
    let settle!: { resolve: (v: StreamMeta) => void; reject: (e: unknown) => void };
    const done = new Promise<StreamMeta>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // The caller may never await `done` when the stream fails; the stream reports the error too.
    done.catch(() => undefined);

    let finished = false;
    let stopReason: 'aborted' | 'idle' | null = null;
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        stopReason = 'idle';
        streamController.abort(new Error('idle timeout'));
      }, idleTimeoutMs);
    };
    const onCallerAbort = () => {
      stopReason = 'aborted';
      audio.destroy(abortedError());
    };
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const cleanUp = () => {
      finished = true;
      clearTimeout(idleTimer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };

    let reading = false;
    const audio = new Readable({
      read() {
        if (reading || finished) return;
        reading = true;
        armIdle();
        // Empty chunks are skipped: pushing one would not ask for more data.
        const nextChunk = async () => {
          let chunk = await reader.read();
          while (!chunk.done && chunk.value.byteLength === 0) chunk = await reader.read();
          return chunk;
        };
        nextChunk().then(
          (chunk) => {
            reading = false;
            // Only the provider's silence counts, not a slow consumer.
            clearTimeout(idleTimer);
            if (finished) return;
            if (chunk.done) {
              cleanUp();
              settle.resolve(meta);
              this.push(null);
              return;
            }
            this.push(
              Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength),
            );
          },
          (error: unknown) => {
            reading = false;
            if (finished) return;
            // Audio has already gone downstream: no retry from here, the reading fails whole.
            const appError =
              stopReason === 'aborted' || callerSignal?.aborted ? abortedError() : unavailable();
            log.warn(
              {
                provider,
                operation: 'synthesize',
                providerRequestId: meta.providerRequestId,
                reason: stopReason ?? describe(error),
              },
              `${label} stream ended early`,
            );
            this.destroy(appError);
          },
        );
      },
      destroy(error, callback) {
        if (!finished) {
          cleanUp();
          streamController.abort();
          reader.cancel().catch(() => undefined);
          settle.reject(error ?? abortedError());
        }
        callback(error);
      },
    });
    audio.push(Buffer.from(first.buffer, first.byteOffset, first.byteLength));
    if (callerSignal?.aborted) onCallerAbort();
    return { audio, done };
  }

  return {
    withRetries,
    open,
    stream,
    openWithRetries,
    getJson,
    readErrorAnswer,
    failureOf,
    abortedError,
    unavailable,
  };
}

/** resource-exhausted with the busy message, passing a provider's Retry-After on to the client. */
export function busyError(message: string, retryAfterMs: number | null): AppError {
  return new AppError(
    'resource-exhausted',
    message,
    undefined,
    retryAfterMs !== null ? { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } : undefined,
  );
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A broken error body still has a status worth acting on.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

export function parseNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
