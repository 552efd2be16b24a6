import { sql } from 'kysely';
import type { Executor } from '../../db/connection';
import type { ScriptsTable } from '../../db/schema-scripts';

export async function insertScript(db: Executor, row: ScriptsTable): Promise<void> {
  await db.insertInto('scripts').values(row).execute();
}

/** A user's script; another user's id reads as missing (S5). */
export async function findScript(
  db: Executor,
  options: { userId: string; id: string },
): Promise<ScriptsTable | undefined> {
  return db
    .selectFrom('scripts')
    .selectAll()
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
}

/**
 * The user's scripts, newest change first. `search` matches title, content or a tag,
 * case-insensitive (lower() on both sides, so it behaves the same on PostgreSQL's
 * case-sensitive LIKE); tags are stored as JSON text, which LIKE searches as a whole.
 */
export async function listScripts(
  db: Executor,
  options: { userId: string; search?: string; includeArchived: boolean; limit: number },
): Promise<ScriptsTable[]> {
  let q = db.selectFrom('scripts').selectAll().where('user_id', '=', options.userId);
  if (!options.includeArchived) q = q.where('is_archived', '=', 0);
  const search = options.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(title) like ${pattern} escape '\\'`,
        sql<boolean>`lower(content) like ${pattern} escape '\\'`,
        sql<boolean>`lower(tags) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return q.orderBy('updated_at', 'desc').orderBy('id').limit(options.limit).execute();
}

export async function updateScript(
  db: Executor,
  options: {
    userId: string;
    id: string;
    values: Partial<Omit<ScriptsTable, 'id' | 'user_id' | 'created_at'>>;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('scripts')
    .set(options.values)
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteScript(
  db: Executor,
  options: { userId: string; id: string },
): Promise<boolean> {
  const res = await db
    .deleteFrom('scripts')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
