import type { AppContext } from '../../app-context';
import { JOB_AUDIO_PREFIX } from '../../adapters/synthesis-queue/queue-protocol';
import {
  findKeptAudioKeys,
  listDeletedReadingsWithAudio,
  markReadingAudioRemoved,
} from './history.repository';

/** How long the file of a deleted reading, or a file no reading points at, is kept. */
export const AUDIO_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 200;
/** Where readings and reader tracks are stored: users/{userId}/generations/{file}. */
const READINGS_PREFIX = 'users/';
const READING_FILE = /^users\/[^/]+\/generations\/[^/]+$/;
/** Synthesis jobs' chunk objects (decision 242) left by dead workers or cancelled jobs. */
const JOB_CHUNKS_KEPT_MS = 60 * 60_000;

type RetentionCtx = Pick<AppContext, 'db' | 'clock' | 'storage' | 'log'>;

export interface RetentionResult {
  /** Files of deleted readings removed. */
  deletedReadings: number;
  /** Files no reading points at (deleted accounts, unsaved readings, unfinished writes) removed. */
  orphans: number;
  /** Synthesis jobs' chunk objects older than an hour removed. */
  jobChunks: number;
}

/**
 * Removes, once they are older than the retention period: the files of readings deleted that
 * long ago (the history row stays, marked `audio_removed_at`), and stored reading files that no
 * reading points at and that were last written that long ago. Works in batches, never holding the
 * whole listing; a file that cannot be removed is logged and tried again on the next run.
 * Decision 134.
 */
export async function removeExpiredAudio(
  ctx: RetentionCtx,
  options: { retentionDays?: number } = {},
): Promise<RetentionResult> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - (options.retentionDays ?? AUDIO_RETENTION_DAYS) * DAY_MS);
  const result: RetentionResult = { deletedReadings: 0, orphans: 0, jobChunks: 0 };

  const failed = new Set<string>();
  for (;;) {
    const rows = (
      await listDeletedReadingsWithAudio(ctx.db.kysely, {
        deletedBefore: cutoff.toISOString(),
        limit: BATCH + failed.size,
      })
    ).filter((r) => !failed.has(r.id));
    if (rows.length === 0) break;
    for (const row of rows) {
      try {
        await ctx.storage.delete(row.audio_key);
        await markReadingAudioRemoved(ctx.db.kysely, { id: row.id, now: now.toISOString() });
        result.deletedReadings++;
      } catch (err) {
        failed.add(row.id);
        ctx.log.error(
          { err, generationId: row.id },
          'could not remove the file of a deleted reading',
        );
      }
    }
  }

  let batch: string[] = [];
  const sweep = async () => {
    const kept = await findKeptAudioKeys(ctx.db.kysely, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      try {
        await ctx.storage.delete(key);
        result.orphans++;
      } catch (err) {
        ctx.log.error({ err, key }, 'could not remove an orphan audio file');
      }
    }
    batch = [];
  };
  for await (const object of ctx.storage.list(READINGS_PREFIX)) {
    if (!READING_FILE.test(object.key) || object.modifiedAt >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();

  const chunksBefore = new Date(now.getTime() - JOB_CHUNKS_KEPT_MS);
  for await (const object of ctx.storage.list(JOB_AUDIO_PREFIX)) {
    if (object.modifiedAt >= chunksBefore) continue;
    try {
      await ctx.storage.delete(object.key);
      result.jobChunks++;
    } catch (err) {
      ctx.log.error({ err, key: object.key }, 'could not remove a synthesis job chunk');
    }
  }
  return result;
}
