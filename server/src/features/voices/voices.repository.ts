import type { Executor } from '../../db/connection';
import type { VoiceProviderMetricsTable, VoicesTable } from '../../db/schema-voices';

export async function listVoiceRows(
  db: Executor,
  options: {
    provider: string;
    featuredOnly?: boolean;
    enabledOnly?: boolean;
    availableOnly?: boolean;
  },
): Promise<VoicesTable[]> {
  let q = db.selectFrom('voices').selectAll().where('provider', '=', options.provider);
  if (options.featuredOnly) q = q.where('featured', '=', 1);
  if (options.enabledOnly) q = q.where('enabled', '=', 1);
  if (options.availableOnly) q = q.where('available', '=', 1);
  return q.orderBy('sort_order').orderBy('name').execute();
}

export async function findVoiceRow(db: Executor, id: string): Promise<VoicesTable | undefined> {
  return db.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertVoiceRow(db: Executor, row: VoicesTable): Promise<void> {
  // Two servers starting together may both insert the same voice; the first one wins.
  await db
    .insertInto('voices')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'provider_voice_id']).doNothing())
    .execute();
}

export async function updateVoiceRow(
  db: Executor,
  id: string,
  patch: Partial<Omit<VoicesTable, 'id' | 'provider' | 'provider_voice_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('voices').set(patch).where('id', '=', id).execute();
}

export async function updateVoiceRows(
  db: Executor,
  ids: string[],
  patch: Partial<Pick<VoicesTable, 'featured' | 'enabled' | 'updated_at'>>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('voices')
    .set(patch)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setEnabledForProvider(
  db: Executor,
  provider: string,
  enabledIds: string[],
  now: string,
): Promise<void> {
  await db
    .updateTable('voices')
    .set({ enabled: 0, updated_at: now })
    .where('provider', '=', provider)
    .execute();
  if (enabledIds.length > 0) {
    await db
      .updateTable('voices')
      .set({ enabled: 1, updated_at: now })
      .where('provider', '=', provider)
      .where('id', 'in', enabledIds)
      .execute();
  }
}

export async function listPermittedVoiceIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('voice_permissions')
    .select('voice_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.voice_id);
}

export async function replaceVoicePermissions(
  db: Executor,
  userId: string,
  voiceIds: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('voice_permissions').where('user_id', '=', userId).execute();
  if (voiceIds.length > 0) {
    await db
      .insertInto('voice_permissions')
      .values(voiceIds.map((voice_id) => ({ user_id: userId, voice_id, created_at: now })))
      .execute();
  }
}

export async function existingVoiceIds(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('voices').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

export async function insertProviderMetric(
  db: Executor,
  row: VoiceProviderMetricsTable,
): Promise<void> {
  await db.insertInto('voice_provider_metrics').values(row).execute();
}
