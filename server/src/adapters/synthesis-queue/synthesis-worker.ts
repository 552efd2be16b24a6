import os from 'node:os';
import type { Job, PgBoss } from 'pg-boss';
import { AppError, isAppError } from '../../lib/app-error';
import type { VoiceEngine } from '../../features/voices/engines/engine';
import type { Notifications } from '../shared-state/pg-notifications';
import type { StoragePort } from '../storage/storage.types';
import {
  AUDIO_CHANNEL,
  CANCEL_CHANNEL,
  chunkKey,
  SYNTHESIS_QUEUE_NAME,
  type AudioMessage,
  type JobFailure,
  type JobOutcome,
  type JobOutput,
  type SynthesisJobData,
} from './queue-protocol';

type Log = {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
};

/** Audio held while the previous chunk is being stored, before the engine is made to wait. */
const MAX_PENDING_BYTES = 256 * 1024;

export interface SynthesisWorker {
  /** Jobs being made now. */
  running(): number;
  /**
   * Takes no more jobs and waits up to `graceMs` for those in hand; any still running then are
   * handed back to the queue (failed, so pg-boss retries them on another worker).
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * A synthesis worker (decision 242): takes jobs from the pg-boss queue, runs the voice engine and
 * stores its MP3 as numbered chunk objects as it comes, announcing each on LISTEN/NOTIFY so the
 * server process waiting on the job streams it on. It never touches usage or readings: charging
 * stays with the API (a retried job cannot charge twice). An engine failure ends the job with the
 * failure as its output (not retried: the same request would fail again); a worker that dies
 * stops its heartbeat and pg-boss hands the job to another worker.
 */
export async function startSynthesisWorker(options: {
  boss: PgBoss;
  engine: VoiceEngine;
  storage: StoragePort;
  notifications: Notifications;
  log: Log;
  /** Jobs at once (default: the number of cores). */
  concurrency?: number;
}): Promise<SynthesisWorker> {
  const { boss, engine, storage, notifications, log } = options;
  const running = new Map<string, AbortController>();
  const stopCancels = notifications.listen(CANCEL_CHANNEL, (id) => {
    running.get(id)?.abort(new AppError('aborted', 'Voice synthesis was cancelled'));
  });
  await notifications.ready();

  const announce = (message: AudioMessage) =>
    notifications.notify(AUDIO_CHANNEL, JSON.stringify(message));

  async function run(job: Job<SynthesisJobData>): Promise<JobOutput> {
    const attempt = job.retryCount;
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, job.signal]);
    running.set(job.id, controller);
    const started = performance.now();
    log.info({ job: job.id, attempt }, 'synthesis job started');
    try {
      const outcome = await make(job, attempt, signal);
      log.info(
        {
          job: job.id,
          attempt,
          chunks: outcome.chunks,
          ms: Math.round(performance.now() - started),
        },
        'synthesis job done',
      );
      await announce({ type: 'end', job: job.id, outcome });
      return { outcome };
    } catch (err) {
      if (signal.aborted) {
        // Cancelled (the caller went away) or the claim was lost: nobody is listening for it.
        log.info({ job: job.id, attempt }, 'synthesis job stopped');
        throw err;
      }
      const error = isAppError(err) ? err : new AppError('internal', 'Voice synthesis failed');
      if (!isAppError(err)) log.error({ err, job: job.id }, 'voice synthesis failed');
      const failure: JobFailure = { attempt, code: error.code, message: error.message };
      await announce({ type: 'failed', job: job.id, failure }).catch((e: unknown) =>
        log.warn({ err: e, job: job.id }, 'could not announce a failed job'),
      );
      return { failure };
    } finally {
      running.delete(job.id);
    }
  }

  async function make(
    job: Job<SynthesisJobData>,
    attempt: number,
    signal: AbortSignal,
  ): Promise<JobOutcome> {
    const { data } = job;
    const member = engine.engineFor?.(data.providerVoiceId) ?? engine;
    if (member.name !== data.engine.name || member.version !== data.engine.version) {
      // Audio made by another engine version would be cached under the server's version.
      throw new AppError(
        'unavailable',
        `The voice worker runs ${member.name} ${member.version}, the server expects ${data.engine.name} ${data.engine.version}.`,
      );
    }
    const result = await engine.synthesize({
      text: data.text,
      providerVoiceId: data.providerVoiceId,
      settings: data.settings,
      ...(data.delivery ? { delivery: data.delivery } : {}),
      signal,
    });
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let storing: Promise<void> | null = null;
    let failure: unknown = null;
    // Stores what came while the previous chunk was being stored, as one object: the first
    // bytes leave at once, and a fast engine makes fewer, larger chunks.
    const storeAll = async () => {
      while (pending.length) {
        const chunk = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        const writer = await storage.openWriter(chunkKey(job.id, attempt, seq));
        await writer.write(chunk);
        await writer.end();
        await announce({ type: 'chunk', job: job.id, attempt, seq });
        seq++;
      }
    };
    const kick = () => {
      storing ??= storeAll()
        .catch((err: unknown) => {
          failure ??= err;
        })
        .finally(() => {
          storing = null;
          if (pending.length && !failure) kick();
        });
    };
    const onAbort = () => result.audio.destroy();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const part of result.audio) {
        if (failure) throw failure;
        if (signal.aborted) break;
        const buffer = Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        kick();
        // Backpressure: the engine waits while storage is behind.
        while (pendingBytes > MAX_PENDING_BYTES && storing) await storing;
      }
      if (signal.aborted) throw signal.reason ?? new AppError('aborted', 'Cancelled');
      const reported = await result.done;
      while (storing || pending.length) {
        if (!storing) kick();
        await storing;
        if (failure) throw failure;
      }
      if (failure) throw failure;
      if (seq === 0) throw new AppError('internal', 'The voice engine produced no audio');
      return { attempt, chunks: seq, ...reported };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  const concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
  await boss.work<SynthesisJobData, JobOutput>(
    SYNTHESIS_QUEUE_NAME,
    {
      localConcurrency: concurrency,
      batchSize: 1,
      // New jobs wake the worker through NOTIFY; a dead worker's job is put back without one,
      // so it is looked for every second.
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 1,
    },
    async ([job]) => run(job!),
  );

  return {
    running: () => running.size,
    async stop(graceMs) {
      stopCancels();
      await boss.stop({ graceful: true, timeout: Math.max(1000, graceMs), close: true });
    },
  };
}
