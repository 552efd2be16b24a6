import { expressionBuilder, sql, type Expression } from 'kysely';
import type { Executor } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { ScriptsTable } from '../../db/schema-scripts';

export async function insertScript(db: Executor, row: ScriptsTable): Promise<void> {
  await db.insertInto('scripts').values(row).execute();
}

/** A user's script; another user's id reads as missing (docs/glossary.md#S5). */
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

/** Every column but the text and the line split: what a list row shows beside the text's head. */
const LIST_COLUMNS = [
  'id',
  'user_id',
  'title',
  'characters',
  'tags',
  'is_archived',
  'is_favorite',
  'word_count',
  'character_count',
  'created_at',
  'updated_at',
  'last_opened_at',
] as const;

/** A script without its text: the row a save answers with around the text it wrote. */
export async function findScriptWithoutContent(
  db: Executor,
  options: { userId: string; id: string },
): Promise<Omit<ScriptsTable, 'content'> | undefined> {
  return db
    .selectFrom('scripts')
    .select([...LIST_COLUMNS, 'analysis'])
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
}

/** A list row: everything but the content (only its first characters) and the line split. */
export type ScriptListRow = Omit<ScriptsTable, 'content' | 'analysis'> & { content_head: string };

/**
 * One page of the user's scripts, newest change first (ties by id), after the position `after`
 * (keyset paging: a page costs the same wherever it is). `search` matches title, content or a
 * tag, case-insensitive (lower() on both sides, so it behaves the same on PostgreSQL's
 * case-sensitive LIKE); tags are stored as JSON text, which LIKE searches as a whole.
 */
export async function listScripts(
  db: Executor,
  options: {
    userId: string;
    search?: string;
    includeArchived: boolean;
    limit: number;
    headLength: number;
    after?: { updatedAt: string; id: string };
  },
): Promise<ScriptListRow[]> {
  let q = db
    .selectFrom('scripts')
    .select([
      ...LIST_COLUMNS,
      sql<string>`substr(content, 1, ${options.headLength})`.as('content_head'),
    ])
    .where('user_id', '=', options.userId);
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
  const after = options.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('updated_at', '<', after.updatedAt),
        eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('updated_at', 'desc').orderBy('id').limit(options.limit).execute();
}

/** Columns a write may set: values, or expressions over the row as it was (`CASE ... END`). */
type ScriptValues = {
  [K in keyof Omit<ScriptsTable, 'id' | 'user_id' | 'created_at'>]?:
    ScriptsTable[K] | Expression<ScriptsTable[K]>;
};

/**
 * Updates one of the user's scripts; with `ifSplit`, only while its stored split is that one
 * (a rename made from it: another save or rename that came first leaves nothing written).
 */
export async function updateScript(
  db: Executor,
  options: { userId: string; id: string; values: ScriptValues; ifSplit?: string },
): Promise<boolean> {
  let query = db
    .updateTable('scripts')
    .set(options.values)
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId);
  if (options.ifSplit !== undefined) query = query.where('analysis', '=', options.ifSplit);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The columns made from a script's text and its line split (script-reading's `stored`). */
export type ScriptSplit = Pick<
  ScriptsTable,
  'analysis' | 'characters' | 'word_count' | 'character_count'
>;

/**
 * Saves a script whose text is the one `split` was made from, keeping the stored split. The
 * split is decided in the same statement: while the stored text is still `values.content`, the
 * stored split (perhaps renamed meanwhile) stays; when another save changed the text since it
 * was read, `split` is written back with the text, so text and split always belong together.
 */
export async function updateScriptKeepingSplit(
  db: Executor,
  options: {
    userId: string;
    id: string;
    values: Omit<ScriptValues, keyof ScriptSplit> & { content: string };
    split: ScriptSplit;
  },
): Promise<boolean> {
  const { values, split } = options;
  const eb = expressionBuilder<Database, 'scripts'>();
  // Expressions in SET see the row as it was before the statement, in both databases.
  const kept = <K extends keyof ScriptSplit>(column: K) =>
    eb
      .case()
      .when('content', '=', values.content)
      .then(eb.ref(column))
      .else(eb.val(split[column]))
      .end();
  return updateScript(db, {
    userId: options.userId,
    id: options.id,
    values: {
      ...values,
      analysis: kept('analysis'),
      characters: kept('characters'),
      word_count: kept('word_count'),
      character_count: kept('character_count'),
    },
  });
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

/**
 * Holds the user's row until the transaction ends, so that two writes of one user check the
 * script quota one after the other. SQLite needs nothing: `transaction()` starts with BEGIN
 * IMMEDIATE, which already lets one writer in at a time.
 */
export async function lockUserScripts(
  db: Executor,
  options: { userId: string; dialect: 'sqlite' | 'postgres' },
): Promise<void> {
  if (options.dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', options.userId).forUpdate().execute();
}

/** How many scripts the user keeps and their characters in all, leaving out `exceptId`. */
export async function measureUserScripts(
  db: Executor,
  options: { userId: string; exceptId?: string },
): Promise<{ count: number; characters: number }> {
  let q = db
    .selectFrom('scripts')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('character_count'), eb.lit(0)).as('characters'),
    ])
    .where('user_id', '=', options.userId);
  if (options.exceptId) q = q.where('id', '!=', options.exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.count), characters: Number(row.characters) };
}
