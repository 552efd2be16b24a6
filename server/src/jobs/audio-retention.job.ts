import type { AppContext } from '../app-context';
import { removeExpiredAudio } from '../features/history/audio-retention.service';

/** How often the server runs the audio retention job, and how soon after it starts. */
export const AUDIO_RETENTION_INTERVAL_MS = 60 * 60_000;
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Schedules removeExpiredAudio in this server process: a minute after start, then hourly; one
 * run at a time; a failed run is logged and the next one tries again. Returns `stop`, which waits
 * for a run in progress to finish (graceful shutdown).
 */
export function startAudioRetentionJob(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'log'>,
  options: { intervalMs?: number; firstRunDelayMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = removeExpiredAudio(ctx)
      .then((result) => {
        if (result.deletedReadings || result.orphans || result.jobChunks)
          ctx.log.info({ job: 'audio-retention', ...result }, 'removed expired audio files');
      })
      .catch((err: unknown) => ctx.log.error({ err, job: 'audio-retention' }, 'job failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(run, options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  const every = setInterval(run, options.intervalMs ?? AUDIO_RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
