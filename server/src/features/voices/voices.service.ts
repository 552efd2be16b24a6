import { createHash } from 'node:crypto';
import { defaultVoiceCategory, type Voice, type VoiceLabels } from '@doublecast/common/voices';
import type { Notifications } from '../../adapters/shared-state/pg-notifications';
import type { AppContext } from '../../app-context';
import { transaction, type Executor } from '../../db/connection';
import type { VoicesTable } from '../../db/schema-voices';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { EngineVoice, VoiceEngine } from './engines/engine';
import {
  findVoiceRow,
  insertVoiceRow,
  listPermittedVoiceIds,
  listVoiceRows,
  updateVoiceRow,
} from './voices.repository';

type VoicesCtx = Pick<AppContext, 'db' | 'clock' | 'voiceEngine'>;

export const VOICE_NOT_FOUND_MESSAGE = 'Voice not found';

type SyncResult = { added: number; updated: number; total: number };

/**
 * Brings the voice rows in line with the active engine: new voices are added (featured and
 * enabled), known ones get the engine's current name, labels and description, voices the engine
 * no longer lists are marked unavailable. Admin choices (display name, featured, enabled, a
 * corrected category) are kept. Makes no synthesis, so it is quick at start.
 */
export async function syncVoices(
  ctx: VoicesCtx,
  options: {
    voices?: EngineVoice[];
    /** Runs in the sync's transaction, after its writes (the admin import logs there). */
    onCommit?: (trx: Executor, result: SyncResult) => Promise<void>;
  } = {},
): Promise<SyncResult> {
  const engine = ctx.voiceEngine;
  const listed = options.voices ?? (await engine.listVoices());
  const now = ctx.clock.now().toISOString();
  const result = await transaction(ctx.db, async (trx) => {
    const existing = new Map(
      (await listVoiceRows(trx, { provider: engine.name })).map((r) => [r.provider_voice_id, r]),
    );
    let added = 0;
    let updated = 0;
    const seen = new Set<string>();
    for (const [index, v] of listed.entries()) {
      if (seen.has(v.providerVoiceId)) continue;
      seen.add(v.providerVoiceId);
      const labels = JSON.stringify(v.labels);
      const bestFor = JSON.stringify(v.bestFor);
      const category = defaultVoiceCategory({ name: v.name, labels: v.labels }) ?? v.category;
      const row = existing.get(v.providerVoiceId);
      if (!row) {
        await insertVoiceRow(trx, {
          id: newId(),
          provider: engine.name,
          provider_voice_id: v.providerVoiceId,
          name: v.name,
          display_name: null,
          labels,
          description: v.description,
          best_for: bestFor,
          provider_preview_url: v.previewUrl,
          category,
          category_locked: 0,
          featured: 1,
          enabled: 1,
          available: 1,
          sort_order: index,
          created_at: now,
          updated_at: now,
        });
        added++;
        continue;
      }
      const patch = {
        name: v.name,
        labels,
        description: v.description,
        best_for: bestFor,
        provider_preview_url: v.previewUrl,
        category: row.category_locked ? row.category : category,
        available: 1,
        sort_order: index,
      };
      const changed = (Object.keys(patch) as (keyof typeof patch)[]).some(
        (k) => row[k] !== patch[k],
      );
      if (changed) {
        await updateVoiceRow(trx, row.id, { ...patch, updated_at: now });
        updated++;
      }
    }
    for (const row of existing.values()) {
      if (!seen.has(row.provider_voice_id) && row.available) {
        await updateVoiceRow(trx, row.id, { available: 0, updated_at: now });
        updated++;
      }
    }
    const synced = { added, updated, total: seen.size };
    await options.onCommit?.(trx, synced);
    return synced;
  });
  invalidateVoiceCaches(ctx.db);
  return result;
}

/**
 * The public catalogue answer, serialised, kept for a few seconds per database (docs/glossary.md#P1: the busiest
 * public read). Every write in this module clears it; another server process sees a change
 * within FEATURED_CACHE_MS.
 */
const FEATURED_CACHE_MS = 5000;
const featuredCache = new WeakMap<object, { expires: number; engine: string; json: string }>();

const sharedInvalidation = new WeakMap<object, Notifications>();
const CATALOGUE_CHANNEL = 'voice_catalogue';

export function invalidateVoiceCaches(db: object): void {
  featuredCache.delete(db);
  sharedInvalidation
    .get(db)
    ?.notify(CATALOGUE_CHANNEL, '')
    .catch(() => undefined);
}

/**
 * Several server processes on one PostgreSQL (decision 241): a catalogue write in any of them
 * clears every process's cached answer at once (NOTIFY), instead of within FEATURED_CACHE_MS.
 */
export function shareVoiceCacheInvalidation(db: object, notifications: Notifications): () => void {
  sharedInvalidation.set(db, notifications);
  const stop = notifications.listen(CATALOGUE_CHANNEL, () => featuredCache.delete(db));
  return () => {
    stop();
    sharedInvalidation.delete(db);
  };
}

export async function featuredVoicesJson(ctx: VoicesCtx): Promise<string> {
  const hit = featuredCache.get(ctx.db);
  if (hit && hit.expires > Date.now() && hit.engine === ctx.voiceEngine.version) return hit.json;
  const json = JSON.stringify({ voices: await listFeaturedVoices(ctx) });
  featuredCache.set(ctx.db, {
    expires: Date.now() + FEATURED_CACHE_MS,
    engine: ctx.voiceEngine.version,
    json,
  });
  return json;
}

/** Public catalogue: featured, enabled voices of the active engine. */
export async function listFeaturedVoices(ctx: VoicesCtx): Promise<Voice[]> {
  const rows = await listVoiceRows(ctx.db.kysely, {
    provider: ctx.voiceEngine.name,
    featuredOnly: true,
    enabledOnly: true,
    availableOnly: true,
  });
  return naturalFirst(rows.map((r) => toVoice(ctx, r)));
}

/** The voices a signed-in user may use: every enabled voice, narrowed by their permissions when an admin has set any. */
export async function listAvailableVoices(
  ctx: VoicesCtx,
  options: { userId: string },
): Promise<Voice[]> {
  const rows = await listVoiceRows(ctx.db.kysely, {
    provider: ctx.voiceEngine.name,
    enabledOnly: true,
    availableOnly: true,
  });
  const permitted = await listPermittedVoiceIds(ctx.db.kysely, options.userId);
  const allowed = permitted.length > 0 ? new Set(permitted) : null;
  return naturalFirst(
    rows.filter((r) => !allowed || allowed.has(r.id)).map((r) => toVoice(ctx, r)),
  );
}

/**
 * Natural voices (neural models, speech servers, ElevenLabs) before the basic offline ones, each
 * group in the catalogue's order (decisions: natural voices come first).
 */
export function naturalFirst(voices: Voice[]): Voice[] {
  const natural = voices.filter((v) => v.engine !== 'local');
  return natural.length === 0 || natural.length === voices.length
    ? voices
    : [...natural, ...voices.filter((v) => v.engine === 'local')];
}

/**
 * The voice row a synthesis may use, or not-found: the voice must belong to the active engine,
 * be enabled and still listed; a signed-in user must be permitted it; a visitor (previews) may
 * use featured voices only.
 */
export async function resolveVoiceForUse(
  ctx: VoicesCtx,
  options: { voiceId: string; userId: string | null },
): Promise<VoicesTable> {
  const row = await findVoiceRow(ctx.db.kysely, options.voiceId);
  if (!row || row.provider !== ctx.voiceEngine.name || !row.enabled || !row.available) {
    throw new AppError('not-found', VOICE_NOT_FOUND_MESSAGE);
  }
  if (options.userId) {
    const permitted = await listPermittedVoiceIds(ctx.db.kysely, options.userId);
    if (permitted.length > 0 && !permitted.includes(row.id))
      throw new AppError('not-found', VOICE_NOT_FOUND_MESSAGE);
  } else if (!row.featured) {
    throw new AppError('not-found', VOICE_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** A short tag of the engine version, so a stored preview URL changes when the audio would. */
export function previewVersionTag(engineVersion: string): string {
  return createHash('sha256').update(engineVersion).digest('hex').slice(0, 10);
}

/** The engine that reads a voice row (one member of a combined engine). */
export function engineOfRow(ctx: Pick<VoicesCtx, 'voiceEngine'>, row: VoicesTable): VoiceEngine {
  return ctx.voiceEngine.engineFor?.(row.provider_voice_id) ?? ctx.voiceEngine;
}

export function toVoice(ctx: Pick<VoicesCtx, 'voiceEngine'>, row: VoicesTable): Voice {
  const engine = engineOfRow(ctx, row);
  const labels = parseJson<Partial<VoiceLabels>>(row.labels, {});
  return {
    id: row.id,
    name: row.display_name?.trim() || row.name,
    originalName: row.name,
    description: row.description,
    labels: {
      gender:
        labels.gender === 'male' || labels.gender === 'female' || labels.gender === 'neutral'
          ? labels.gender
          : null,
      age: labels.age ?? null,
      accent: labels.accent ?? null,
      useCase: labels.useCase ?? null,
    },
    bestFor: parseJson<string[]>(row.best_for, []).filter((t) => typeof t === 'string'),
    category: row.category,
    // Always our stored preview: the page's CSP allows media from our origin only, and a provider's
    // hosted file would not be levelled or cached like the rest (decision 022).
    previewUrl: `/api/voices/${encodeURIComponent(row.id)}/preview?v=${previewVersionTag(engine.version)}`,
    featured: row.featured === 1,
    engine: engine.name,
  };
}

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
