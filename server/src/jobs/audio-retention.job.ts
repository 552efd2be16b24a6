import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../app-context';
import { removeExpiredAudio } from '../features/history/audio-retention.service';
import { PG_BOSS_SCHEMA } from '../adapters/synthesis-queue/queue-protocol';

/** How often the audio retention job runs, and how soon after a start. */
export const AUDIO_RETENTION_INTERVAL_MS = 60 * 60_000;
const FIRST_RUN_DELAY_MS = 60_000;

/** The pg-boss queue (and schedule) of the job on PostgreSQL. */
export const AUDIO_RETENTION_QUEUE = 'audio-retention';
/** Hourly, off the hour. */
const HOURLY_CRON = '17 * * * *';
/** A run that takes longer than this is taken for dead and the next one may start. */
const RUN_EXPIRE_SECONDS = 60 * 60;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'storage' | 'log'>;
type Options = { intervalMs?: number; firstRunDelayMs?: number };
export interface RetentionJob {
  /** Settles once the job is scheduled (at once on SQLite); a failure to schedule is logged. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs removeExpiredAudio about hourly and a minute after start, once per installation (decision
 * 362): on PostgreSQL, where several server processes may share the database, pg-boss holds one
 * schedule and one process takes each run; on SQLite (one process) a timer. One run at a time; a
 * failed run is logged and the next one tries again. `stop` waits for a run in progress.
 */
export function startAudioRetentionJob(ctx: Ctx, options: Options = {}): RetentionJob {
  const intervalMs = options.intervalMs ?? AUDIO_RETENTION_INTERVAL_MS;
  const firstRunDelayMs = options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS;
  const run = async () => {
    try {
      const result = await removeExpiredAudio(ctx);
      if (result.deletedReadings || result.orphans || result.jobChunks)
        ctx.log.info({ job: 'audio-retention', ...result }, 'removed expired audio files');
    } catch (err) {
      ctx.log.error({ err, job: 'audio-retention' }, 'job failed');
    }
  };
  if (ctx.db.dialect === 'postgres' && ctx.db.url)
    return scheduleOnPgBoss(ctx, ctx.db.url, run, intervalMs, firstRunDelayMs);
  return scheduleOnTimer(run, intervalMs, firstRunDelayMs);
}

function scheduleOnTimer(
  run: () => Promise<void>,
  intervalMs: number,
  firstRunDelayMs: number,
): RetentionJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run().finally(() => (running = null));
  };
  const first = setTimeout(tick, firstRunDelayMs);
  const every = setInterval(tick, intervalMs);
  first.unref();
  every.unref();
  return {
    ready: Promise.resolve(),
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}

function scheduleOnPgBoss(
  ctx: Ctx,
  url: string,
  run: () => Promise<void>,
  intervalMs: number,
  firstRunDelayMs: number,
): RetentionJob {
  const hourly = intervalMs === AUDIO_RETENTION_INTERVAL_MS;
  // Shorter intervals (the tests') are a per-second recurrence rule, checked as often.
  const seconds = Math.max(1, Math.round(intervalMs / 1000));
  const checkSeconds = hourly ? 30 : Math.min(30, seconds);
  let boss: PgBoss | null = null;
  const started = (async () => {
    // Loaded here, on PostgreSQL only: SQLite installations never load pg-boss (decision 385).
    const { PgBoss } = await import('pg-boss');
    const b = new PgBoss({
      connectionString: url,
      schema: PG_BOSS_SCHEMA,
      max: 2,
      application_name: 'doublecast-retention',
      schedule: true,
      cronMonitorIntervalSeconds: checkSeconds,
      cronWorkerIntervalSeconds: checkSeconds,
      // Expires a run whose process died, so that the next one is not held behind it.
      supervise: true,
      openTelemetry: { enabled: false },
    });
    boss = b;
    b.on('error', (err) => ctx.log.error({ err, job: 'audio-retention' }, 'job queue error'));
    await b.start();
    if (!(await b.getQueue(AUDIO_RETENTION_QUEUE))) {
      // Processes starting together may race to make it; the loser finds it made.
      await b
        .createQueue(AUDIO_RETENTION_QUEUE, {
          // At most one run waiting and one running, whatever the number of processes.
          policy: 'stately',
          retryLimit: 0,
          expireInSeconds: RUN_EXPIRE_SECONDS,
        })
        .catch(async (err: unknown) => {
          if (!(await b.getQueue(AUDIO_RETENTION_QUEUE))) throw err;
        });
    }
    // One row per installation: every process writes the same schedule under the same name.
    await b.schedule(
      AUDIO_RETENTION_QUEUE,
      hourly ? HOURLY_CRON : `FREQ=SECONDLY;INTERVAL=${seconds}`,
      null,
      { missed: 'once' },
    );
    await b.send(AUDIO_RETENTION_QUEUE, null, {
      startAfter: Math.round(firstRunDelayMs / 1000),
    });
    await b.work(AUDIO_RETENTION_QUEUE, { pollingIntervalSeconds: checkSeconds }, run);
  })().catch((err: unknown) => {
    ctx.log.error({ err, job: 'audio-retention' }, 'job could not be scheduled');
  });
  return {
    ready: started,
    async stop() {
      await started;
      await boss?.stop({ graceful: true, close: true });
    },
  };
}
