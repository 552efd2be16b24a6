import {
  SEVERAL_PROVIDERS_NAME,
  VOICE_PERMISSIONS_PAGE_SIZE,
  VOICE_PROVIDER_NAMES,
  type AdminVoice,
  type VoiceCategory,
  type VoicePermissionsPage,
  type VoicePermissionsQuery,
} from '@doublecast/common/voices';
import type { AppContext } from '../../../app-context';
import { transaction, type Executor } from '../../../db/connection';
import { AppError } from '../../../lib/app-error';
import {
  existingVoiceIds,
  findVoiceRow,
  listPermittedVoiceIds,
  listVoiceRows,
  replaceVoicePermissions,
  setEnabledForProvider,
  updateVoiceRow,
  updateVoiceRows,
  userExists,
} from '../../voices/voices.repository';
import { invalidateVoiceCaches, syncVoices, toVoice, VOICE_NOT_FOUND_MESSAGE } from '../../voices';
import { recordAdminAction } from '../../../shared/admin-log.service';
import {
  listUsersWithVoicePermissions,
  replaceAllVoicePermissions,
} from './voices-admin.repository';

/** Who made an admin change (written to admin_logs with it). */
export interface AdminActor {
  id: string;
  email: string;
}

type VoicesCtx = Pick<AppContext, 'db' | 'clock' | 'voiceEngine'>;
type DbCtx = Pick<AppContext, 'db' | 'clock'>;

/** The voice provider as the admin texts name it: one engine by its name, several as "voice provider". */
export function providerName(ctx: Pick<AppContext, 'voiceEngine'>): string {
  return ctx.voiceEngine.engineFor
    ? SEVERAL_PROVIDERS_NAME
    : VOICE_PROVIDER_NAMES[ctx.voiceEngine.name];
}

/** Fails with invalid-argument, naming them, when any of the ids is not a voice. */
async function requireVoices(db: Executor, ids: string[]): Promise<void> {
  const known = await existingVoiceIds(db, ids);
  if (known.length !== ids.length)
    throw new AppError('invalid-argument', 'Unknown voice id', {
      unknown: ids.filter((id) => !known.includes(id)),
    });
}

/** Every voice row of the active engine, for Voice Management (hidden and disabled ones too). */
export async function listAllVoices(ctx: VoicesCtx): Promise<AdminVoice[]> {
  const rows = await listVoiceRows(ctx.db.kysely, { provider: ctx.voiceEngine.name });
  return rows.map((r) => ({
    ...toVoice(ctx, r),
    enabled: r.enabled === 1,
    available: r.available === 1,
    providerVoiceId: r.provider_voice_id,
  }));
}

/** Spec's getAllVoicePermissions, a page of users at a time (there may be 100,000). */
export async function listVoicePermissions(
  ctx: Pick<AppContext, 'db'>,
  query: VoicePermissionsQuery,
): Promise<VoicePermissionsPage> {
  const rows = await listUsersWithVoicePermissions(ctx.db.kysely, ctx.db.dialect, {
    q: query.q,
    after: query.after,
    limit: VOICE_PERMISSIONS_PAGE_SIZE + 1,
  });
  const users = rows.slice(0, VOICE_PERMISSIONS_PAGE_SIZE);
  return {
    users,
    nextAfter: rows.length > VOICE_PERMISSIONS_PAGE_SIZE ? users[users.length - 1]!.email : null,
  };
}

/** One user's restriction: their voice ids, or null when they may use every enabled voice. */
export async function getUserVoicePermissions(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<{ voiceIds: string[] | null }> {
  if (!(await userExists(ctx.db.kysely, userId))) throw new AppError('not-found', 'User not found');
  const ids = await listPermittedVoiceIds(ctx.db.kysely, userId);
  return { voiceIds: ids.length > 0 ? ids : null };
}

/**
 * Spec's updateUserVoicePermissions. An empty list removes the user's restriction (they may use
 * every enabled voice again); see docs/decisions/021-voice-rows-categories-and-permissions.md.
 */
export async function updateUserVoicePermissions(
  ctx: DbCtx,
  options: { admin: AdminActor; userId: string; voiceIds: string[] },
): Promise<{ voiceIds: string[] }> {
  const unique = [...new Set(options.voiceIds)];
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    if (!(await userExists(trx, options.userId))) throw new AppError('not-found', 'User not found');
    await requireVoices(trx, unique);
    const before = await listPermittedVoiceIds(trx, options.userId);
    await replaceVoicePermissions(trx, options.userId, unique, now);
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'voice_permissions_updated',
      targetUserId: options.userId,
      metadata: { before, after: unique },
      at: now,
    });
    return { voiceIds: unique };
  });
}

/** The bulk actions: every user gets the same list (an empty list lifts every restriction). */
export async function updateAllUsersVoicePermissions(
  ctx: DbCtx,
  options: { admin: AdminActor; voiceIds: string[] },
): Promise<{ usersUpdated: number }> {
  const unique = [...new Set(options.voiceIds)];
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, async (trx) => {
    await requireVoices(trx, unique);
    const usersUpdated = await replaceAllVoicePermissions(trx, unique, now);
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'voice_permissions_bulk_updated',
      targetUserId: null,
      metadata: { voiceIds: unique, users: usersUpdated },
      at: now,
    });
    return { usersUpdated };
  });
}

/** Spec's updateEnabledVoices: exactly these voices of the active engine are enabled. */
export async function updateEnabledVoices(
  ctx: VoicesCtx,
  options: { admin: AdminActor; enabledVoiceIds: string[] },
): Promise<void> {
  const unique = [...new Set(options.enabledVoiceIds)];
  const now = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    await requireVoices(trx, unique);
    await setEnabledForProvider(trx, ctx.voiceEngine.name, unique, now);
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'voices_enabled_updated',
      targetUserId: null,
      metadata: { provider: ctx.voiceEngine.name, enabledVoiceIds: unique },
      at: now,
    });
  });
  invalidateVoiceCaches(ctx.db);
}

/** Featured Voices tab: feature or hide one voice or many at once. */
export async function setVoicesFeatured(
  ctx: DbCtx,
  options: { admin: AdminActor; voiceIds: string[]; featured: boolean },
): Promise<{ updated: number }> {
  const unique = [...new Set(options.voiceIds)];
  const now = ctx.clock.now().toISOString();
  const updated = await transaction(ctx.db, async (trx) => {
    await requireVoices(trx, unique);
    const n = await updateVoiceRows(trx, unique, {
      featured: options.featured ? 1 : 0,
      updated_at: now,
    });
    await recordAdminAction(trx, {
      admin: options.admin,
      action: options.featured ? 'voices_featured' : 'voices_unfeatured',
      targetUserId: null,
      metadata: { voiceIds: unique },
      at: now,
    });
    return n;
  });
  invalidateVoiceCaches(ctx.db);
  return { updated };
}

/** Spec's updateVoiceNames: voice id to display name; an empty name restores the engine's own. */
export async function updateVoiceNames(
  ctx: DbCtx,
  options: { admin: AdminActor; voiceNames: Record<string, string> },
): Promise<{ updated: number }> {
  const now = ctx.clock.now().toISOString();
  const entries = Object.entries(options.voiceNames);
  const updated = await transaction(ctx.db, async (trx) => {
    await requireVoices(
      trx,
      entries.map(([id]) => id),
    );
    const changes: { voiceId: string; from: string | null; to: string | null }[] = [];
    for (const [id, name] of entries) {
      const row = (await findVoiceRow(trx, id))!;
      const to = name.trim().slice(0, 100) || null;
      if (to === row.display_name) continue;
      await updateVoiceRow(trx, id, { display_name: to, updated_at: now });
      changes.push({ voiceId: id, from: row.display_name, to });
    }
    if (changes.length > 0)
      await recordAdminAction(trx, {
        admin: options.admin,
        action: 'voice_names_updated',
        targetUserId: null,
        metadata: { changes },
        at: now,
      });
    return changes.length;
  });
  invalidateVoiceCaches(ctx.db);
  return { updated };
}

/** An admin's correction of a voice's category; sync leaves it alone from then on. */
export async function setVoiceCategory(
  ctx: DbCtx,
  options: { admin: AdminActor; voiceId: string; category: VoiceCategory },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    const row = await findVoiceRow(trx, options.voiceId);
    if (!row) throw new AppError('not-found', VOICE_NOT_FOUND_MESSAGE);
    await updateVoiceRow(trx, row.id, {
      category: options.category,
      category_locked: 1,
      updated_at: now,
    });
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'voice_category_changed',
      targetUserId: null,
      metadata: { voiceId: row.id, from: row.category, to: options.category },
      at: now,
    });
  });
  invalidateVoiceCaches(ctx.db);
}

/**
 * Spec's importVoicesFromElevenLabs, for whichever engine is active: re-lists and syncs; the log
 * row is written in the sync's transaction.
 */
export async function importVoices(
  ctx: VoicesCtx,
  options: { admin: AdminActor },
): Promise<{ voicesImported: number; provider: string }> {
  const result = await syncVoices(ctx, {
    onCommit: (trx, r) =>
      recordAdminAction(trx, {
        admin: options.admin,
        action: 'voices_imported',
        targetUserId: null,
        metadata: { provider: ctx.voiceEngine.name, ...r },
        at: ctx.clock.now().toISOString(),
      }),
  });
  return { voicesImported: result.total, provider: providerName(ctx) };
}
