import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PgBoss } from 'pg-boss';
import { ERROR_STATUS, type ErrorCode } from '@doublecast/common/errors';
import { AppError } from '../../lib/app-error';
import type {
  SynthesisRequest,
  SynthesisResult,
  VoiceEngine,
} from '../../features/voices/engines/engine';
import type { Notifications } from '../shared-state/pg-notifications';
import type { StoragePort } from '../storage/storage.types';
import {
  AUDIO_CHANNEL,
  audioMessageSchema,
  CANCEL_CHANNEL,
  chunkKey,
  jobAudioPrefix,
  jobOutputSchema,
  SYNTHESIS_QUEUE_NAME,
  type AudioMessage,
  type JobOutcome,
  type SynthesisJobData,
} from './queue-protocol';

type Log = {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
};

export const QUEUE_NEEDS_POSTGRES_MESSAGE =
  'SYNTHESIS_QUEUE=postgres needs the database to be PostgreSQL (DATABASE_URL).';
export const WORKER_LOST_MESSAGE = 'The voice service stopped before the audio was finished.';
export const QUEUE_UNAVAILABLE_MESSAGE = 'The voice service is unavailable. Please try again.';

export interface QueueJobSettings {
  /** Longest a job may run before it is failed (pg-boss expiry). */
  expireInSeconds: number;
  /** A worker that misses its heartbeat this long is taken for dead and its job retried. */
  heartbeatSeconds: number;
}

export interface QueuedEngine extends VoiceEngine {
  /** Jobs this process is waiting on (tests, diagnostics). */
  waiting(): number;
  /** Stops waiting on every job (cancelling them) and the polling timers. */
  close(): Promise<void>;
}

/**
 * The voice engine of a server process in queue mode (SYNTHESIS_QUEUE=postgres, decision 242):
 * the catalogue, names and versions are `base`'s, but every synthesis is a pg-boss job that a
 * worker process (server/dist/worker.js) runs. The worker stores the audio as numbered chunk
 * objects and announces each on LISTEN/NOTIFY; this engine reads them in order and streams them
 * on, so the synthesis service above (voice permissions, the per-user cache, the worker pool,
 * metrics) and the charged synthesis above it work exactly as in one process.
 *
 * A job is retried once when its worker dies (pg-boss heartbeat). Bytes already streamed are
 * never sent twice: the retry's audio is compared with what was sent and only what follows is
 * streamed; when the retry's audio differs (an engine that does not make the same bytes twice),
 * the stream fails rather than play a sentence twice or spliced, and the charged synthesis
 * refunds what was not sent. Notifications only make this quick: every second without one, the
 * job's state and its next chunk are read from the database and storage.
 */
export function createQueuedEngine(options: {
  base: VoiceEngine;
  boss: PgBoss;
  notifications: Notifications;
  storage: StoragePort;
  log: Log;
  job: QueueJobSettings;
  /** How long without a message before the job's state and storage are looked at (ms). */
  pollMs?: number;
}): QueuedEngine {
  const { base, boss, notifications, storage, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const jobs = new Map<string, QueuedJob>();

  const stopListening = notifications.listen(AUDIO_CHANNEL, (payload) => {
    let message: AudioMessage;
    try {
      message = audioMessageSchema.parse(JSON.parse(payload));
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed synthesis message');
      return;
    }
    jobs.get(message.job)?.hear(message);
  });

  // Cancelled in the queue first, then the workers are told: a worker that stopped while its job
  // was still active would fail it, and a failed job is retried, made again for nobody.
  const cancelJob = async (id: string) => {
    const warn = (err: unknown) => log.warn({ err, job: id }, 'could not cancel a synthesis job');
    await boss.cancel(SYNTHESIS_QUEUE_NAME, id).catch(warn);
    await notifications.notify(CANCEL_CHANNEL, id).catch(warn);
  };

  const removeChunks = async (id: string) => {
    try {
      for await (const object of storage.list(jobAudioPrefix(id))) await storage.delete(object.key);
    } catch (err) {
      // The audio retention job removes what is left.
      log.warn({ err, job: id }, 'could not remove a synthesis job’s chunks');
    }
  };

  async function synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const member = base.engineFor?.(request.providerVoiceId) ?? base;
    const id = randomUUID();
    const job = new QueuedJob(id, {
      storage,
      log,
      pollMs,
      readJob: async () => (await boss.findJobs(SYNTHESIS_QUEUE_NAME, { id }))[0] ?? null,
      cancel: () => cancelJob(id),
      ended: () => {
        jobs.delete(id);
        void removeChunks(id);
      },
    });
    jobs.set(id, job);
    const data: SynthesisJobData = {
      text: request.text,
      providerVoiceId: request.providerVoiceId,
      settings: request.settings,
      ...(request.delivery ? { delivery: request.delivery } : {}),
      engine: { name: member.name, version: member.version },
    };
    try {
      await boss.send(SYNTHESIS_QUEUE_NAME, data, {
        id,
        retryLimit: 1,
        retryDelay: 0,
        expireInSeconds: options.job.expireInSeconds,
        heartbeatSeconds: options.job.heartbeatSeconds,
        // Finished jobs are kept an hour (what happened to a reading can be looked up), then go.
        deleteAfterSeconds: 3600,
      });
    } catch (err) {
      job.close();
      log.warn({ err }, 'could not queue a synthesis job');
      throw new AppError('unavailable', QUEUE_UNAVAILABLE_MESSAGE);
    }
    job.start(request.signal);
    return { audio: job.audio, done: job.done };
  }

  return {
    name: base.name,
    version: base.version,
    usdPer1000Characters: base.usdPer1000Characters,
    directions: base.directions,
    listVoices: () => base.listVoices(),
    engineFor: base.engineFor ? (id) => base.engineFor!(id) : undefined,
    synthesize,
    waiting: () => jobs.size,
    async close() {
      stopListening();
      await Promise.all([...jobs.values()].map((job) => job.abort()));
    },
  };
}

interface JobRow {
  state: string;
  retryCount: number;
  output: object | null;
}

/** One job's audio as it arrives: attempts, order, the retry's replay check, the end. */
class QueuedJob {
  readonly audio = new Readable({ read() {} });
  readonly done: Promise<JobResultDone>;
  private resolveDone!: (v: JobResultDone) => void;
  private rejectDone!: (e: unknown) => void;
  private attempt = 0;
  private nextSeq = 0;
  /** Bytes of the current attempt taken so far. */
  private attemptBytes = 0;
  /** Everything streamed on, for checking a retry's audio against. */
  private sent: Buffer[] = [];
  private sentBytes = 0;
  private end: JobOutcome | null = null;
  private finished = false;
  private lastHeard = Date.now();
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    readonly id: string,
    private readonly deps: {
      storage: StoragePort;
      log: Log;
      pollMs: number;
      readJob: () => Promise<JobRow | null>;
      cancel: () => Promise<void>;
      ended: () => void;
    },
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.done.catch(() => undefined);
  }

  start(signal: AbortSignal | undefined): void {
    if (signal?.aborted) return void this.abort();
    signal?.addEventListener('abort', () => void this.abort(), { once: true });
    this.timer = setInterval(() => void this.poll(), this.deps.pollMs);
    this.timer.unref();
  }

  hear(message: AudioMessage): void {
    if (this.finished) return;
    this.lastHeard = Date.now();
    const attempt =
      message.type === 'chunk'
        ? message.attempt
        : message.type === 'end'
          ? message.outcome.attempt
          : message.failure.attempt;
    // A worker that lost its claim may still be talking; only the newest attempt counts.
    if (attempt < this.attempt) return;
    if (attempt > this.attempt) this.switchTo(attempt);
    if (message.type === 'failed') {
      this.fail(appError(message.failure.code, message.failure.message));
      return;
    }
    if (message.type === 'end') this.end = message.outcome;
    this.kick();
  }

  /** The caller went away: the job is cancelled so no worker goes on making it. */
  async abort(): Promise<void> {
    if (this.finished) return;
    this.stop(new AppError('aborted', 'Voice synthesis was cancelled'));
    await this.deps.cancel();
  }

  /** Forgets the job without cancelling it (it was never queued). */
  close(): void {
    this.finished = true;
    if (this.timer) clearInterval(this.timer);
    this.deps.ended();
  }

  private switchTo(attempt: number): void {
    this.deps.log.info(
      { job: this.id, attempt, sentBytes: this.sentBytes },
      'synthesis job retried on another worker',
    );
    this.attempt = attempt;
    this.nextSeq = 0;
    this.attemptBytes = 0;
    this.end = null;
  }

  private kick(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err: unknown) => this.fail(err))
      .finally(() => (this.pumping = null));
  }

  /** Takes the current attempt's chunks in order while they are there. */
  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.finished) {
        if (this.end && this.nextSeq >= this.end.chunks) return this.finish(this.end);
        const attempt = this.attempt;
        const seq = this.nextSeq;
        const data = await readWhole(this.deps.storage, chunkKey(this.id, attempt, seq));
        if (this.finished) return;
        if (attempt !== this.attempt) continue;
        if (data === null) break;
        this.nextSeq++;
        this.take(data);
      }
    } while (this.again && !this.finished);
  }

  private take(chunk: Buffer): void {
    let data = chunk;
    const start = this.attemptBytes;
    this.attemptBytes += data.length;
    if (start < this.sentBytes) {
      // A retry replays what the dead worker's attempt already sent: it must be the same bytes.
      const overlap = Math.min(data.length, this.sentBytes - start);
      const sent = Buffer.concat(this.sent).subarray(start, start + overlap);
      if (!sent.equals(data.subarray(0, overlap))) throw this.replayMismatch();
      data = data.subarray(overlap);
    }
    if (data.length === 0) return;
    this.sent.push(data);
    this.sentBytes += data.length;
    this.audio.push(data);
  }

  private replayMismatch(): AppError {
    this.deps.log.warn(
      { job: this.id, attempt: this.attempt, sentBytes: this.sentBytes },
      'the retried synthesis made different audio; the reading stops here',
    );
    return new AppError('unavailable', WORKER_LOST_MESSAGE);
  }

  private finish(outcome: JobOutcome): void {
    if (this.attemptBytes < this.sentBytes) throw this.replayMismatch();
    this.stop(null);
    this.resolveDone({
      providerRequestId: outcome.providerRequestId,
      credits: outcome.credits,
      modelId: outcome.modelId,
    });
  }

  private fail(err: unknown): void {
    if (this.finished) return;
    this.stop(err instanceof Error ? err : new Error(String(err)));
    void this.deps.cancel();
  }

  private stop(error: Error | null): void {
    this.finished = true;
    if (this.timer) clearInterval(this.timer);
    if (error) {
      this.audio.destroy(error);
      this.rejectDone(error);
    } else {
      this.audio.push(null);
    }
    this.deps.ended();
  }

  /** Without news for a while: the job's state from the database, and any chunk not announced. */
  private async poll(): Promise<void> {
    if (this.finished || this.polling || Date.now() - this.lastHeard < this.deps.pollMs) return;
    this.polling = true;
    try {
      const row = await this.deps.readJob();
      if (this.finished) return;
      if (!row) return this.fail(new AppError('unavailable', WORKER_LOST_MESSAGE));
      if (row.state === 'active' && row.retryCount > this.attempt) this.switchTo(row.retryCount);
      if (row.state === 'completed') {
        const output = jobOutputSchema.safeParse(row.output);
        if (!output.success) return this.fail(new AppError('internal', WORKER_LOST_MESSAGE));
        if ('failure' in output.data)
          this.hear({ type: 'failed', job: this.id, failure: output.data.failure });
        else this.hear({ type: 'end', job: this.id, outcome: output.data.outcome });
        return;
      }
      if (row.state === 'failed' || row.state === 'cancelled')
        return this.fail(new AppError('unavailable', WORKER_LOST_MESSAGE));
      this.kick();
    } catch (err) {
      this.deps.log.warn({ err, job: this.id }, 'could not read a synthesis job');
    } finally {
      this.polling = false;
    }
  }
}

type JobResultDone = Awaited<SynthesisResult['done']>;

function appError(code: string, message: string): AppError {
  return new AppError(code in ERROR_STATUS ? (code as ErrorCode) : 'internal', message);
}

async function readWhole(storage: StoragePort, key: string): Promise<Buffer | null> {
  const object = await storage.read(key);
  if (!object) return null;
  const parts: Buffer[] = [];
  for await (const part of object.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
