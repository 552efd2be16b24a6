import type { Executor } from '../../db/connection';

/** Half-open range [from, to) of ISO-8601 UTC timestamps (they sort as text on both databases). */
export interface TimeRange {
  from: string;
  to: string;
}

export async function countUsers(db: Executor, createdIn?: TimeRange): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (createdIn) {
    q = q.where('created_at', '>=', createdIn.from).where('created_at', '<', createdIn.to);
  }
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Every generation row, soft-deleted ones too (a reading made is a reading made), except the
 * test recordings the diagnostics make.
 */
export async function countReadings(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('generations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_test', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Request, error, character and cost totals of the provider metrics in `range`, in one query. */
export async function summariseProviderMetrics(
  db: Executor,
  range: TimeRange,
): Promise<{ requests: number; errors: number; characters: number; costUsd: number }> {
  const row = await db
    .selectFrom('voice_provider_metrics')
    .select((eb) => [
      eb.fn.countAll<number>().as('requests'),
      eb.fn
        .sum<number | null>(eb.case().when('status', '=', 'error').then(1).else(0).end())
        .as('errors'),
      eb.fn.sum<number | null>('character_count').as('characters'),
      eb.fn.sum<number | null>('cost_usd').as('cost'),
    ])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .executeTakeFirstOrThrow();
  return {
    requests: Number(row.requests),
    errors: Number(row.errors ?? 0),
    characters: Number(row.characters ?? 0),
    costUsd: Number(row.cost ?? 0),
  };
}
