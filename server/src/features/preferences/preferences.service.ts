import {
  DEFAULT_AUDIO_SETTINGS,
  pushRecentVoice,
  type Preferences,
  type PreferencesUpdate,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { UserPreferencesTable } from '../../db/schema-studio';
import { findPreferences, upsertPreferences } from './preferences.repository';

type PrefCtx = Pick<AppContext, 'db' | 'clock'>;

function toPreferences(userId: string, row: UserPreferencesTable | undefined): Preferences {
  if (!row) {
    return {
      userId,
      favoriteVoiceIds: [],
      defaultVoiceId: null,
      recentVoiceIds: [],
      audioSettings: { ...DEFAULT_AUDIO_SETTINGS },
      updatedAt: null,
    };
  }
  return {
    userId,
    favoriteVoiceIds: parseIds(row.favorite_voice_ids),
    defaultVoiceId: row.default_voice_id,
    recentVoiceIds: parseIds(row.recent_voice_ids),
    audioSettings: {
      defaultSpeed: Number(row.default_speed),
      defaultStability: Number(row.default_stability),
      defaultSimilarity: Number(row.default_similarity),
    },
    updatedAt: row.updated_at,
  };
}

function parseIds(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function toRow(p: Preferences, now: string): UserPreferencesTable {
  return {
    user_id: p.userId,
    favorite_voice_ids: JSON.stringify(p.favoriteVoiceIds),
    default_voice_id: p.defaultVoiceId,
    recent_voice_ids: JSON.stringify(p.recentVoiceIds),
    default_speed: p.audioSettings.defaultSpeed,
    default_stability: p.audioSettings.defaultStability,
    default_similarity: p.audioSettings.defaultSimilarity,
    updated_at: now,
  };
}

/** A user's preferences, with the defaults (docs/glossary.md#history) when nothing is saved yet. */
export async function getPreferences(
  ctx: PrefCtx,
  options: { userId: string },
): Promise<Preferences> {
  return toPreferences(options.userId, await findPreferences(ctx.db.kysely, options.userId));
}

/** Saves preferences: merges the given fields into what is stored. */
export async function savePreferences(
  ctx: PrefCtx,
  options: { userId: string; update: PreferencesUpdate },
): Promise<Preferences> {
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    const current = toPreferences(options.userId, await findPreferences(trx, options.userId));
    const next: Preferences = {
      ...current,
      favoriteVoiceIds: options.update.favoriteVoiceIds ?? current.favoriteVoiceIds,
      defaultVoiceId:
        options.update.defaultVoiceId !== undefined
          ? options.update.defaultVoiceId
          : current.defaultVoiceId,
      audioSettings: { ...current.audioSettings, ...options.update.audioSettings },
      updatedAt: now,
    };
    await upsertPreferences(trx, toRow(next, now));
    return next;
  });
}

/** Puts a voice first in the recent list (5 kept, no duplicates), as a reading is made with it. */
export async function recordRecentVoice(
  ctx: PrefCtx,
  options: { userId: string; voiceId: string },
): Promise<Preferences> {
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    const current = toPreferences(options.userId, await findPreferences(trx, options.userId));
    const next = {
      ...current,
      recentVoiceIds: pushRecentVoice(current.recentVoiceIds, options.voiceId),
      updatedAt: now,
    };
    await upsertPreferences(trx, toRow(next, now));
    return next;
  });
}
