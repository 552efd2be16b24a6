import { compiledValues } from '../../db/compiled-once';
import type { Db, Executor } from '../../db/connection';
import type { RehearsalChargesTable } from '../../db/schema-scripts';

/** A paid line by its charge key (voice, settings, text), with how it is described. */
export async function findPaidLine(
  db: Executor,
  options: { userId: string; chargeKey: string },
): Promise<Pick<RehearsalChargesTable, 'text_hash'> | undefined> {
  return db
    .selectFrom('rehearsal_charges')
    .select('text_hash')
    .where('user_id', '=', options.userId)
    .where('charge_key', '=', options.chargeKey)
    .executeTakeFirst();
}

/** Text hashes one paid-line lookup takes (the plan reads its lines in pages of this size). */
export const PAID_TEXTS_PER_LOOKUP = 500;

const paidTextsLookup = compiledValues((db: Executor, userId: string, ...hashes: string[]) =>
  db
    .selectFrom('rehearsal_charges')
    .select(['voice_id', 'text_hash'])
    .where('user_id', '=', userId)
    .where('text_hash', 'in', hashes),
);

/**
 * Which of these spoken texts (at most PAID_TEXTS_PER_LOOKUP) the user has paid for, and in which
 * voices: a set of `voice + NUL + text hash` (decision 261). One indexed lookup per page of a
 * plan, its SQL compiled and prepared once (the list is padded with a hash no text has).
 */
export async function findPaidTexts(
  db: Db,
  options: { userId: string; textHashes: string[] },
): Promise<Set<string>> {
  if (options.textHashes.length === 0) return new Set();
  if (options.textHashes.length > PAID_TEXTS_PER_LOOKUP) throw new Error('too many hashes');
  const padded = [...options.textHashes];
  while (padded.length < PAID_TEXTS_PER_LOOKUP) padded.push('');
  const rows = await paidTextsLookup(db, options.userId, ...padded);
  return new Set(rows.map(([voiceId, textHash]) => `${String(voiceId)}\u0000${String(textHash)}`));
}

/** Records a paid line once; a second record of the same line changes nothing. */
export async function insertPaidLine(db: Executor, row: RehearsalChargesTable): Promise<void> {
  await db
    .insertInto('rehearsal_charges')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'charge_key']).doNothing())
    .execute();
}

/** Names the voice and text of a line paid for before lines were looked up by them. */
export async function describePaidLine(
  db: Executor,
  options: { userId: string; chargeKey: string; voiceId: string; textHash: string },
): Promise<void> {
  await db
    .updateTable('rehearsal_charges')
    .set({ voice_id: options.voiceId, text_hash: options.textHash })
    .where('user_id', '=', options.userId)
    .where('charge_key', '=', options.chargeKey)
    .execute();
}
