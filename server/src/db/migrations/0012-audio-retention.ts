import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The audio retention job (server/src/jobs/audio-retention.job.ts, decision 134): when the file
 * of a deleted reading was removed, and indexes for the job's two questions (deleted readings
 * whose file is still kept; which stored files a reading still points at).
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('generations').addColumn('audio_removed_at', 'text').execute();
  await db.schema
    .createIndex('generations_deleted_audio_kept')
    .on('generations')
    .columns(['is_deleted', 'audio_removed_at', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('generations_audio_key')
    .on('generations')
    .column('audio_key')
    .execute();
}
