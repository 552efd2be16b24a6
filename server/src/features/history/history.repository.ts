import { sql } from 'kysely';
import { compiledValues, valuesOf } from '../../db/compiled-once';
import type { Db, Executor } from '../../db/connection';
import type { GenerationsTable } from '../../db/schema-studio';

export async function insertReading(db: Executor, row: GenerationsTable): Promise<void> {
  await db
    .insertInto('generations')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function insertReadings(db: Executor, rows: GenerationsTable[]): Promise<void> {
  if (rows.length) await db.insertInto('generations').values(rows).execute();
}

/**
 * The columns the history page reads (history.service's toLiveReading). The owner, the deleted
 * flag and the deletion time are the query's own conditions, so they are not read back: a fifth
 * fewer values to fetch and convert on the Studio's most frequent read (decision 248).
 */
const LIVE_READING_COLUMNS = [
  'id',
  'text',
  'voice_id',
  'voice_name',
  'voice_gender',
  'voice_accent',
  'voice_age',
  'created_at',
  'duration',
  'character_count',
  'script_id',
  'updated_at',
] as const;

export type LiveReadingRow = Pick<GenerationsTable, (typeof LIVE_READING_COLUMNS)[number]>;
/** The columns a reading shows (history.service's toReading). */
export type ReadingRow = LiveReadingRow &
  Pick<GenerationsTable, 'user_id' | 'is_deleted' | 'deleted_at'>;

const livePage = compiledValues((db: Executor, userId: string, limit: number) =>
  db
    .selectFrom('generations')
    .select(LIVE_READING_COLUMNS)
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit),
);
const live = valuesOf<GenerationsTable, typeof LIVE_READING_COLUMNS>(LIVE_READING_COLUMNS);

/**
 * A user's live readings, newest first (index generations_user_live_page, migration 0023). The
 * Studio reads it on every visit, so its SQL is compiled once (decision 248) and its rows come
 * back as values, made into rows here (decision 248).
 */
export async function listLiveReadings(
  db: Db,
  userId: string,
  limit: number,
): Promise<LiveReadingRow[]> {
  const rows = await livePage(db, userId, limit);
  return rows.map((v) => ({
    id: live(v, 'id'),
    text: live(v, 'text'),
    voice_id: live(v, 'voice_id'),
    voice_name: live(v, 'voice_name'),
    voice_gender: live(v, 'voice_gender'),
    voice_accent: live(v, 'voice_accent'),
    voice_age: live(v, 'voice_age'),
    created_at: live(v, 'created_at'),
    duration: live(v, 'duration'),
    character_count: live(v, 'character_count'),
    script_id: live(v, 'script_id'),
    updated_at: live(v, 'updated_at'),
  }));
}

export async function findReading(db: Executor, id: string): Promise<GenerationsTable | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function softDeleteReading(
  db: Executor,
  options: { id: string; userId: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('generations')
    .set({ is_deleted: 1, deleted_at: options.now, updated_at: options.now })
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Bytes of the user's live readings (deleted ones no longer count). */
export async function sumLiveAudioBytes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('generations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql<number>`0`).as('bytes'))
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Deleted readings deleted before `deletedBefore` whose file is still kept, oldest first. */
export async function listDeletedReadingsWithAudio(
  db: Executor,
  options: { deletedBefore: string; limit: number },
): Promise<{ id: string; audio_key: string }[]> {
  return db
    .selectFrom('generations')
    .select(['id', 'audio_key'])
    .where('is_deleted', '=', 1)
    .where('audio_removed_at', 'is', null)
    .where('deleted_at', '<', options.deletedBefore)
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

export async function markReadingAudioRemoved(
  db: Executor,
  options: { id: string; now: string },
): Promise<void> {
  await db
    .updateTable('generations')
    .set({ audio_removed_at: options.now })
    .where('id', '=', options.id)
    .where('is_deleted', '=', 1)
    .execute();
}

/** Which of `keys` a reading still points at (live, or deleted with its file kept). */
export async function findKeptAudioKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('generations')
    .select('audio_key')
    .where('audio_key', 'in', keys)
    .where('audio_removed_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.audio_key));
}
