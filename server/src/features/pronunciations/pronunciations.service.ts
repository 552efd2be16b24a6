import {
  MAX_PRONUNCIATIONS_PER_LIST,
  PRONUNCIATION_TEXTS,
  pronunciationMap,
  type Pronunciation,
  type PronunciationInput,
  type PronunciationMap,
} from '@doublecast/common/direction';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { PronunciationsTable } from '../../db/schema-directions';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { lockUserScripts, requireOwnScript } from '../scripts';
import {
  countPronunciations,
  deletePronunciation,
  findPronunciationByWord,
  insertPronunciation,
  listPronunciationRows,
  updateRespelling,
} from './pronunciations.repository';

type PronunciationsCtx = Pick<AppContext, 'db' | 'clock'>;

/**
 * How a user wants words said (issue 35, docs/decisions/322): the user's own list, used in every
 * reading, and a list per script, used when that script is read; a script's entry wins for its
 * word. Owner only: another user's script or entry is not found.
 */

function toPronunciation(row: PronunciationsTable): Pronunciation {
  return {
    id: row.id,
    word: row.word,
    respelling: row.respelling,
    scriptId: row.script_id,
    createdAt: row.created_at,
  };
}

/** The user's own list and, with a script, the script's list (the user's script only). */
export async function listPronunciations(
  ctx: PronunciationsCtx,
  options: { userId: string; scriptId?: string | null },
): Promise<Pronunciation[]> {
  const scriptId = options.scriptId ?? null;
  if (scriptId) await requireOwnScript(ctx.db.kysely, { userId: options.userId, id: scriptId });
  const rows = await listPronunciationRows(ctx.db.kysely, { userId: options.userId, scriptId });
  return rows.map(toPronunciation);
}

/**
 * Adds a word to a list, or gives a word already in it its new respelling. A list holds at most
 * MAX_PRONUNCIATIONS_PER_LIST words: counted in the write's transaction, with the user's row held
 * on PostgreSQL so two adds of one user count one after the other.
 */
export async function addPronunciation(
  ctx: PronunciationsCtx,
  options: { userId: string; input: PronunciationInput },
): Promise<Pronunciation> {
  const { userId, input } = options;
  const scriptId = input.scriptId ?? null;
  const scope = scriptId ?? '';
  const wordKey = input.word.toLowerCase();
  return transaction(ctx.db, async (trx) => {
    await lockUserScripts(trx, { userId, dialect: ctx.db.dialect });
    if (scriptId) await requireOwnScript(trx, { userId, id: scriptId });
    const existing = await findPronunciationByWord(trx, { userId, scope, wordKey });
    if (existing) {
      await updateRespelling(trx, {
        id: existing.id,
        word: input.word,
        respelling: input.respelling,
      });
      return toPronunciation({ ...existing, word: input.word, respelling: input.respelling });
    }
    if ((await countPronunciations(trx, { userId, scope })) >= MAX_PRONUNCIATIONS_PER_LIST)
      throw new AppError('resource-exhausted', PRONUNCIATION_TEXTS.listFull, {
        reason: 'pronunciation_list_full',
      });
    const row: PronunciationsTable = {
      id: newId(),
      user_id: userId,
      script_id: scriptId,
      scope,
      word: input.word,
      word_key: wordKey,
      respelling: input.respelling,
      created_at: ctx.clock.now().toISOString(),
    };
    await insertPronunciation(trx, row);
    return toPronunciation(row);
  });
}

export async function removePronunciation(
  ctx: PronunciationsCtx,
  options: { userId: string; id: string },
): Promise<void> {
  if (!(await deletePronunciation(ctx.db.kysely, options)))
    throw new AppError('not-found', PRONUNCIATION_TEXTS.notFound);
}

/**
 * What a reading says differently: the user's words and, for a script, the script's. Read per
 * reading (at most two lists of MAX_PRONUNCIATIONS_PER_LIST); no ownership check, as the caller
 * has already opened the script as the user's.
 */
export async function pronunciationsFor(
  ctx: Pick<AppContext, 'db'>,
  options: { userId: string; scriptId: string | null },
): Promise<PronunciationMap> {
  const rows = await listPronunciationRows(ctx.db.kysely, options);
  return pronunciationMap(
    rows.map((r) => ({ word: r.word, respelling: r.respelling, scriptId: r.script_id })),
  );
}
