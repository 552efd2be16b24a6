import { sql } from 'kysely';
import type { Executor } from '../../db/connection';
import type { UsageLedgerTable } from '../../db/schema-studio';

export async function findCounter(db: Executor, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('used')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ? Number(row.used) : 0;
}

export async function ensureCounter(
  db: Executor,
  userId: string,
  month: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('usage_counters')
    .values({ user_id: userId, month, used: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .execute();
}

/**
 * docs/glossary.md#R1: check and consume in one conditional statement. Returns the new total, or null when
 * adding `characters` would pass `limit` (nothing is written then). Concurrent callers queue on
 * the row lock (PostgreSQL re-checks the WHERE on the row it waited for; SQLite has one writer).
 */
export async function consumeCharacters(
  db: Executor,
  options: { userId: string; month: string; characters: number; limit: number; now: string },
): Promise<number | null> {
  const row = await db
    .updateTable('usage_counters')
    .set({ used: sql`used + ${options.characters}`, updated_at: options.now })
    .where('user_id', '=', options.userId)
    .where('month', '=', options.month)
    .where(sql<boolean>`used + ${options.characters} <= ${options.limit}`)
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : null;
}

/** Takes the month's counter row lock (PostgreSQL; SQLite has one writer) without changing it. */
export async function lockCounter(db: Executor, userId: string, month: string): Promise<void> {
  await db
    .updateTable('usage_counters')
    .set({ used: sql`used` })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .execute();
}

export async function giveBackCharacters(
  db: Executor,
  options: { userId: string; month: string; characters: number; now: string },
): Promise<void> {
  await db
    .updateTable('usage_counters')
    .set({ used: sql`used - ${options.characters}`, updated_at: options.now })
    .where('user_id', '=', options.userId)
    .where('month', '=', options.month)
    .execute();
}

export async function insertLedgerRow(db: Executor, row: UsageLedgerTable): Promise<void> {
  await db.insertInto('usage_ledger').values(row).execute();
}

export async function findChargeByKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<UsageLedgerTable | undefined> {
  return db
    .selectFrom('usage_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('kind', '=', 'charge')
    .executeTakeFirst();
}

export async function findCharge(db: Executor, id: string): Promise<UsageLedgerTable | undefined> {
  return db
    .selectFrom('usage_ledger')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'charge')
    .executeTakeFirst();
}

export async function findRefundOf(
  db: Executor,
  chargeId: string,
): Promise<UsageLedgerTable | undefined> {
  return db
    .selectFrom('usage_ledger')
    .selectAll()
    .where('refund_of', '=', chargeId)
    .executeTakeFirst();
}

/**
 * Frees a charge's key for a whole refund, only while the charge is not committed (decision
 * 260). The row is written first, so on PostgreSQL a commit of the same charge waits for this
 * statement's transaction and then finds the key gone (and this one finds the commit). True when
 * the key was freed.
 */
export async function releaseUncommittedKey(db: Executor, chargeId: string): Promise<boolean> {
  const res = await db
    .updateTable('usage_ledger')
    .set({ idempotency_key: null })
    .where('id', '=', chargeId)
    .where('committed_at', 'is', null)
    .where('idempotency_key', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a charge final unless it was refunded whole; true when it is committed now. */
export async function commitCharge(db: Executor, chargeId: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('usage_ledger')
    .set((eb) => ({ committed_at: eb.fn.coalesce('committed_at', eb.val(now)) }))
    .where('id', '=', chargeId)
    .where('kind', '=', 'charge')
    .where('idempotency_key', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setLedgerDuration(
  db: Executor,
  chargeId: string,
  duration: number,
): Promise<void> {
  await db.updateTable('usage_ledger').set({ duration }).where('id', '=', chargeId).execute();
}

export async function sumLedger(db: Executor, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('usage_ledger')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('character_count'), sql<number>`0`).as('total'),
    )
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Charges (not wholly refunded) and their characters in [from, to), for monthly statistics. A
 * reading refunded in part was delivered in part, so it still counts as a reading.
 */
export async function sumUsageBetween(
  db: Executor,
  options: { userId: string; from: string; to: string },
): Promise<{ totalCharacters: number; totalReadings: number }> {
  const row = await db
    .selectFrom('usage_ledger as l')
    .leftJoin('usage_ledger as c', 'c.id', 'l.refund_of')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('l.character_count'), sql<number>`0`).as('chars'),
      eb.fn.count<number>('l.id').filterWhere('l.kind', '=', 'charge').as('charges'),
      eb.fn
        .count<number>('l.id')
        .filterWhere((w) =>
          w.and([
            w('l.kind', '=', 'refund'),
            w(sql<number>`l.character_count + c.character_count`, '=', 0),
          ]),
        )
        .as('refunds'),
    ])
    .where('l.user_id', '=', options.userId)
    .where('l.created_at', '>=', options.from)
    .where('l.created_at', '<', options.to)
    .executeTakeFirstOrThrow();
  return {
    totalCharacters: Number(row.chars),
    totalReadings: Number(row.charges) - Number(row.refunds),
  };
}
