import type { Reading } from '@doublecast/common/studio';
import {
  AUDIO_STORAGE_QUOTA_MESSAGE,
  AUDIO_STORAGE_QUOTA_REASON,
  HISTORY_FETCH_DEFAULT,
  MAX_AUDIO_BYTES_PER_USER,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import type { GenerationsTable } from '../../db/schema-studio';
import type { SessionUser } from '../../http/auth-guard';
import type { Executor } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { trackEvent } from '../analytics';
import {
  findReading,
  insertReading,
  insertReadings,
  listLiveReadings,
  softDeleteReading,
  sumLiveAudioBytes,
  type LiveReadingRow,
  type ReadingRow,
} from './history.repository';

type HistoryCtx = Pick<AppContext, 'db' | 'clock'>;

const NOT_FOUND = 'Recording not found';

export function toReading(row: ReadingRow): Reading {
  return readingOf(row, {
    userId: row.user_id,
    isDeleted: Number(row.is_deleted) === 1,
    deletedAt: row.deleted_at,
  });
}

/** A row of the user's live readings (listLiveReadings), which leaves out what its query fixed. */
function toLiveReading(row: LiveReadingRow, userId: string): Reading {
  return readingOf(row, { userId, isDeleted: false, deletedAt: null });
}

function readingOf(
  row: LiveReadingRow,
  owner: Pick<Reading, 'userId' | 'isDeleted' | 'deletedAt'>,
): Reading {
  return {
    id: row.id,
    userId: owner.userId,
    text: row.text,
    audioUrl: `/api/readings/${row.id}/audio`,
    voiceId: row.voice_id,
    voiceName: row.voice_name,
    voiceGender: row.voice_gender,
    voiceAccent: row.voice_accent,
    voiceAge: row.voice_age,
    voiceMetadata: { gender: row.voice_gender, accent: row.voice_accent, age: row.voice_age },
    createdAt: row.created_at,
    duration: row.duration === null ? null : Number(row.duration),
    characterCount: Number(row.character_count),
    scriptId: row.script_id,
    isDeleted: owner.isDeleted,
    deletedAt: owner.deletedAt,
    updatedAt: row.updated_at,
  };
}

export async function saveReading(ctx: HistoryCtx, row: GenerationsTable): Promise<void> {
  await insertReading(ctx.db.kysely, row);
}

const TEST_READING_TEXT = 'This is a test recording made by the admin diagnostics.';

/**
 * Test readings for the admin diagnostics (createTestRecording), written in the caller's
 * transaction: marked is_test and soft-deleted, so the user's history never shows them, while
 * the reading totals count them.
 */
export async function addTestReadings(
  db: Executor,
  options: { userId: string; count: number; at: string },
): Promise<void> {
  await insertReadings(
    db,
    Array.from({ length: options.count }, () => ({
      id: newId(),
      user_id: options.userId,
      text: TEST_READING_TEXT,
      audio_key: '',
      voice_id: 'diagnostics',
      voice_name: 'Test',
      voice_gender: null,
      voice_accent: null,
      voice_age: null,
      created_at: options.at,
      duration: null,
      character_count: TEST_READING_TEXT.length,
      script_id: null,
      size_bytes: 0,
      settings: '{}',
      is_deleted: 1,
      deleted_at: options.at,
      updated_at: options.at,
      is_test: 1,
    })),
  );
}

/**
 * Refuses a new reading when the user's kept audio has reached the quota (decision 103), before
 * anything is charged or made. One reading may take the total past it (a Studio reading is at
 * most 5,000 characters, a reader track at most 30 minutes), never a second.
 */
export async function requireAudioRoom(ctx: HistoryCtx, userId: string): Promise<void> {
  const usedBytes = await sumLiveAudioBytes(ctx.db.kysely, userId);
  if (usedBytes >= MAX_AUDIO_BYTES_PER_USER) {
    throw new AppError('resource-exhausted', AUDIO_STORAGE_QUOTA_MESSAGE, {
      reason: AUDIO_STORAGE_QUOTA_REASON,
      usedBytes,
      limitBytes: MAX_AUDIO_BYTES_PER_USER,
    });
  }
}

/** A user's history (docs/glossary.md#history): non-deleted, newest first, 50 by default. */
export async function listReadings(
  ctx: HistoryCtx,
  options: { userId: string; limit?: number },
): Promise<Reading[]> {
  const rows = await listLiveReadings(
    ctx.db,
    options.userId,
    options.limit ?? HISTORY_FETCH_DEFAULT,
  );
  return rows.map((row) => toLiveReading(row, options.userId));
}

/**
 * A live generation the caller may read: its owner's, or any for an admin. Another user's id
 * answers not-found, exactly like an id that does not exist (docs/glossary.md#S5).
 */
export async function getReadableReading(
  ctx: HistoryCtx,
  options: { id: string; user: SessionUser },
): Promise<GenerationsTable> {
  const row = await findReading(ctx.db.kysely, options.id);
  if (
    !row ||
    Number(row.is_deleted) === 1 ||
    (row.user_id !== options.user.id && options.user.role !== 'admin')
  ) {
    throw new AppError('not-found', NOT_FOUND);
  }
  return row;
}

/** The reading behind an idempotent retry, if it was saved. */
export async function findOwnReading(
  ctx: HistoryCtx,
  options: { id: string; userId: string; includeDeleted?: boolean },
): Promise<GenerationsTable | null> {
  const row = await findReading(ctx.db.kysely, options.id);
  if (!row || row.user_id !== options.userId) return null;
  return options.includeDeleted || Number(row.is_deleted) === 0 ? row : null;
}

/** Soft delete by the owner; the item leaves the list. */
export async function deleteReading(
  ctx: HistoryCtx,
  options: { id: string; userId: string },
): Promise<void> {
  const done = await softDeleteReading(ctx.db.kysely, {
    ...options,
    now: ctx.clock.now().toISOString(),
  });
  if (!done) throw new AppError('not-found', NOT_FOUND);
}

export async function recordPlay(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  options: { id: string; user: SessionUser },
): Promise<void> {
  const row = await getReadableReading(ctx, options);
  await trackEvent(ctx, {
    name: 'recording_played',
    userId: options.user.id,
    properties: { generationId: row.id, voiceId: row.voice_id, source: 'history' },
  });
}
