import type { Executor } from '../../db/connection';
import type { UserPreferencesTable } from '../../db/schema-studio';

export async function findPreferences(
  db: Executor,
  userId: string,
): Promise<UserPreferencesTable | undefined> {
  return db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertPreferences(db: Executor, row: UserPreferencesTable): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        favorite_voice_ids: row.favorite_voice_ids,
        default_voice_id: row.default_voice_id,
        recent_voice_ids: row.recent_voice_ids,
        default_speed: row.default_speed,
        default_stability: row.default_stability,
        default_similarity: row.default_similarity,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
