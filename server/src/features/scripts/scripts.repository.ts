import { CompiledQuery, expressionBuilder, sql, type Expression } from 'kysely';
import { compiledValues } from '../../db/compiled-once';
import type { Db, Executor } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { ScriptLinesTable, ScriptRehearsalTable, ScriptsTable } from '../../db/schema-scripts';

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

/** A user's script's title alone (another user's id reads as missing). */
export async function findScriptTitle(
  db: Executor,
  options: { userId: string; id: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('scripts')
    .select('title')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return row?.title;
}

/** Whether the user has this script (no column of it is read). */
export async function hasScript(
  db: Executor,
  options: { userId: string; id: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('scripts')
    .select('id')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return row !== undefined;
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
  'stored_size',
  'is_sample',
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
  'analysis' | 'characters' | 'word_count' | 'character_count' | 'stored_size'
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
      stored_size: kept('stored_size'),
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

/**
 * How many scripts the user keeps and the characters stored for them (text, split and prepared
 * lines), leaving out `exceptId` and the sample scene (outside the quota while its text is the
 * one given).
 */
export async function measureUserScripts(
  db: Executor,
  options: { userId: string; exceptId?: string },
): Promise<{ count: number; stored: number }> {
  let q = db
    .selectFrom('scripts')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('stored_size'), eb.lit(0)).as('stored'),
    ])
    .where('user_id', '=', options.userId)
    .where('is_sample', '=', 0);
  if (options.exceptId) q = q.where('id', '!=', options.exceptId);
  let lines = db
    .selectFrom('script_rehearsal as r')
    .innerJoin('scripts as s', 's.id', 'r.script_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('r.lines_size'), eb.lit(0)).as('stored'))
    .where('s.user_id', '=', options.userId)
    .where('s.is_sample', '=', 0);
  if (options.exceptId) lines = lines.where('s.id', '!=', options.exceptId);
  const row = await q.executeTakeFirstOrThrow();
  const prepared = await lines.executeTakeFirstOrThrow();
  return { count: Number(row.count), stored: Number(row.stored) + Number(prepared.stored) };
}

/** A script's title and its prepared lines' state (no text, no split): undefined when not the user's. */
export async function findRehearsalState(
  db: Executor,
  options: { userId: string; id: string },
): Promise<
  | (Pick<ScriptsTable, 'id' | 'title'> & {
      lines_key: string | null;
      ready: number | null;
      prepared: boolean;
    })
  | undefined
> {
  const row = await db
    .selectFrom('scripts as s')
    .leftJoin('script_rehearsal as r', 'r.script_id', 's.id')
    .select(['s.id', 's.title', 'r.lines_key', 'r.ready', 'r.script_id as prepared'])
    .where('s.id', '=', options.id)
    .where('s.user_id', '=', options.userId)
    .executeTakeFirst();
  return row && { ...row, prepared: row.prepared !== null };
}

/** The set of prepared lines a script names now, if any. */
export async function findLinesKey(db: Executor, scriptId: string): Promise<string | null> {
  const row = await db
    .selectFrom('script_rehearsal')
    .select('lines_key')
    .where('script_id', '=', scriptId)
    .executeTakeFirst();
  return row?.lines_key ?? null;
}

/** Names `linesKey` as the script's lines, still being written (ready null). */
export async function startLines(
  db: Executor,
  options: { scriptId: string; linesKey: string },
): Promise<void> {
  const row: ScriptRehearsalTable = {
    script_id: options.scriptId,
    lines_key: options.linesKey,
    ready: null,
    lines_size: 0,
  };
  await db
    .insertInto('script_rehearsal')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('script_id')
        .doUpdateSet({ lines_key: options.linesKey, ready: null, lines_size: 0 }),
    )
    .execute();
}

/** Marks the set complete, only while the script still names it. True when done. */
export async function finishLines(
  db: Executor,
  options: { scriptId: string; linesKey: string; ready: 0 | 1; linesSize: number },
): Promise<boolean> {
  const res = await db
    .updateTable('script_rehearsal')
    .set({ ready: options.ready, lines_size: options.linesSize })
    .where('script_id', '=', options.scriptId)
    .where('lines_key', '=', options.linesKey)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Forgets which lines a script has: they are prepared again on first use. */
export async function forgetLines(db: Executor, scriptId: string): Promise<void> {
  await db.deleteFrom('script_rehearsal').where('script_id', '=', scriptId).execute();
}

/**
 * Whether the script still has this split, holding its row until the transaction ends on
 * PostgreSQL (a save of the script then waits; SQLite's BEGIN IMMEDIATE already serialises).
 */
export async function holdScriptWithSplit(
  db: Executor,
  options: { id: string; analysis: string; dialect: 'sqlite' | 'postgres' },
): Promise<boolean> {
  let q = db
    .selectFrom('scripts')
    .select('id')
    .where('id', '=', options.id)
    .where('analysis', '=', options.analysis);
  if (options.dialect === 'postgres') q = q.forUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether the script's stored text is `content`. */
export async function hasContent(
  db: Executor,
  options: { id: string; content: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('scripts')
    .select('id')
    .where('id', '=', options.id)
    .where('content', '=', options.content)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the rows [from, to) of a set of prepared lines; returns how many there were. */
export async function deleteLineRange(
  db: Executor,
  options: { linesKey: string; from: number; to: number },
): Promise<number> {
  const res = await db
    .deleteFrom('script_lines')
    .where('lines_key', '=', options.linesKey)
    .where('line_index', '>=', options.from)
    .where('line_index', '<', options.to)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

const LINE_COLUMNS = [
  'lines_key',
  'script_id',
  'line_index',
  'line_id',
  'speaker',
  'text',
  'characters',
  'text_hash',
  'directions',
] as const satisfies readonly (keyof ScriptLinesTable)[];

/**
 * Inserts a page of prepared lines. The statement is written as text: Kysely's builder takes
 * tens of milliseconds of the event loop to assemble a page of 250 rows, and the text of a full
 * page is the same every time, so its prepared statement is reused.
 */
export async function insertScriptLines(
  db: Executor,
  rows: ScriptLinesTable[],
  dialect: Db['dialect'],
): Promise<void> {
  if (!rows.length) return;
  const parameters: unknown[] = [];
  const tuples = rows.map((row) => {
    const marks = LINE_COLUMNS.map((column) => {
      parameters.push(row[column]);
      return dialect === 'postgres' ? `$${parameters.length}` : '?';
    });
    return `(${marks.join(', ')})`;
  });
  const columns = LINE_COLUMNS.map((c) => `"${c}"`).join(', ');
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into "script_lines" (${columns}) values ${tuples.join(', ')}`,
      parameters,
    ),
  );
}

/** Up to `limit` lines of a prepared set from the `from`th on, in order. */
export async function readScriptLines(
  db: Executor,
  options: { linesKey: string; from: number; limit: number },
): Promise<Omit<ScriptLinesTable, 'script_id' | 'lines_key' | 'directions'>[]> {
  return db
    .selectFrom('script_lines')
    .select(['line_index', 'line_id', 'speaker', 'text', 'characters', 'text_hash'])
    .where('lines_key', '=', options.linesKey)
    .where('line_index', '>=', options.from)
    .orderBy('line_index')
    .limit(options.limit)
    .execute();
}

export async function findScriptLine(
  db: Executor,
  options: { linesKey: string; lineId: string },
): Promise<Omit<ScriptLinesTable, 'script_id' | 'lines_key'> | undefined> {
  return db
    .selectFrom('script_lines')
    .select(['line_index', 'line_id', 'speaker', 'text', 'characters', 'text_hash', 'directions'])
    .where('lines_key', '=', options.linesKey)
    .where('line_id', '=', options.lineId)
    .executeTakeFirst();
}

const lineHeadsPage = compiledValues(
  (db: Executor, linesKey: string, from: number, limit: number) =>
    db
      .selectFrom('script_lines')
      .select(['line_id', 'speaker', 'characters', 'text_hash'])
      .where('lines_key', '=', linesKey)
      .where('line_index', '>=', from)
      .orderBy('line_index')
      .limit(limit),
);

/**
 * Up to `limit` lines of a prepared set from the `from`th on, without their text, as values
 * [line_id, speaker, characters, text_hash]: what a rehearsal plan lists, read on every plan
 * (compiled once, rows as values: decision 248).
 */
export async function readScriptLineHeads(
  db: Db,
  options: { linesKey: string; from: number; limit: number },
): Promise<[lineId: string, speaker: string, characters: number, textHash: string][]> {
  const rows = await lineHeadsPage(db, options.linesKey, options.from, options.limit);
  return rows as [string, string, number, string][];
}

/** The stored characters (name, line count, gender) of a user's script, without its text. */
export async function findScriptCharacters(
  db: Executor,
  options: { userId: string; id: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('scripts')
    .select('characters')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return row?.characters;
}
