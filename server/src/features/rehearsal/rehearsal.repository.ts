import type { Executor } from '../../db/connection';
import type { RehearsalChargesTable } from '../../db/schema-scripts';

export async function findPaidKeys(
  db: Executor,
  options: { userId: string; keys: string[] },
): Promise<Set<string>> {
  if (options.keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('rehearsal_charges')
    .select('charge_key')
    .where('user_id', '=', options.userId)
    .where('charge_key', 'in', options.keys)
    .execute();
  return new Set(rows.map((r) => r.charge_key));
}

/** Records a paid line once; a second record of the same line changes nothing. */
export async function insertPaidLine(db: Executor, row: RehearsalChargesTable): Promise<void> {
  await db
    .insertInto('rehearsal_charges')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'charge_key']).doNothing())
    .execute();
}
