import type { Executor } from '../../db/connection';
import type { PronunciationsTable } from '../../db/schema-directions';

/** The user's own list and, when a script is named, that script's list: at most two lists. */
export async function listPronunciationRows(
  db: Executor,
  options: { userId: string; scriptId: string | null },
): Promise<PronunciationsTable[]> {
  const scopes = options.scriptId ? ['', options.scriptId] : [''];
  return db
    .selectFrom('pronunciations')
    .selectAll()
    .where('user_id', '=', options.userId)
    .where('scope', 'in', scopes)
    .orderBy('scope')
    .orderBy('word_key')
    .execute();
}

/** Entries in one list. */
export async function countPronunciations(
  db: Executor,
  options: { userId: string; scope: string },
): Promise<number> {
  const row = await db
    .selectFrom('pronunciations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', options.userId)
    .where('scope', '=', options.scope)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPronunciationByWord(
  db: Executor,
  options: { userId: string; scope: string; wordKey: string },
): Promise<PronunciationsTable | undefined> {
  return db
    .selectFrom('pronunciations')
    .selectAll()
    .where('user_id', '=', options.userId)
    .where('scope', '=', options.scope)
    .where('word_key', '=', options.wordKey)
    .executeTakeFirst();
}

export async function insertPronunciation(db: Executor, row: PronunciationsTable): Promise<void> {
  await db.insertInto('pronunciations').values(row).execute();
}

export async function updateRespelling(
  db: Executor,
  options: { id: string; word: string; respelling: string },
): Promise<void> {
  await db
    .updateTable('pronunciations')
    .set({ word: options.word, respelling: options.respelling })
    .where('id', '=', options.id)
    .execute();
}

/** Removes the user's own entry; false when there is none with that id (or it is another user's). */
export async function deletePronunciation(
  db: Executor,
  options: { userId: string; id: string },
): Promise<boolean> {
  const res = await db
    .deleteFrom('pronunciations')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
