import type { Executor } from '../../db/connection';
import type { RehearsalRunsTable } from '../../db/schema-scripts';

export type RunRow = Omit<RehearsalRunsTable, 'lines'>;

const SUMMARY_COLUMNS = [
  'id',
  'user_id',
  'script_id',
  'role',
  'started_at',
  'duration_ms',
  'line_count',
  'checked_count',
  'accuracy',
  'created_at',
] as const;

export async function insertRun(db: Executor, row: RehearsalRunsTable): Promise<void> {
  await db.insertInto('rehearsal_runs').values(row).execute();
}

/**
 * Deletes the oldest runs past `keep`: of one script when `scriptId` is given, else of the
 * user's runs across scripts. Each write adds one run, so this removes at most a few rows.
 */
export async function trimRuns(
  db: Executor,
  options: { userId: string; scriptId?: string; keep: number },
): Promise<number> {
  let count = db
    .selectFrom('rehearsal_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', options.userId);
  if (options.scriptId) count = count.where('script_id', '=', options.scriptId);
  const n = Number((await count.executeTakeFirstOrThrow()).n);
  const extra = n - options.keep;
  if (extra <= 0) return 0;
  let oldest = db
    .selectFrom('rehearsal_runs')
    .select('id')
    .where('user_id', '=', options.userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(extra);
  if (options.scriptId) oldest = oldest.where('script_id', '=', options.scriptId);
  const ids = (await oldest.execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('rehearsal_runs').where('id', 'in', ids).execute();
  return ids.length;
}

/** One page of a script's runs, newest first, after the position `after` (keyset paging). */
export async function listRuns(
  db: Executor,
  options: {
    userId: string;
    scriptId: string;
    limit: number;
    after?: { createdAt: string; id: string };
  },
): Promise<RunRow[]> {
  let q = db
    .selectFrom('rehearsal_runs')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', options.userId)
    .where('script_id', '=', options.scriptId);
  const after = options.after;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** The latest runs of a script in one role, with their lines. */
export async function latestRunLines(
  db: Executor,
  options: { userId: string; scriptId: string; role: string; limit: number },
): Promise<{ lines: string }[]> {
  return db
    .selectFrom('rehearsal_runs')
    .select('lines')
    .where('user_id', '=', options.userId)
    .where('script_id', '=', options.scriptId)
    .where('role', '=', options.role)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

/** Deletes one of the user's runs; another user's id deletes nothing. */
export async function deleteRun(
  db: Executor,
  options: { userId: string; id: string },
): Promise<boolean> {
  const res = await db
    .deleteFrom('rehearsal_runs')
    .where('id', '=', options.id)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function deleteScriptRuns(
  db: Executor,
  options: { userId: string; scriptId: string },
): Promise<number> {
  const res = await db
    .deleteFrom('rehearsal_runs')
    .where('user_id', '=', options.userId)
    .where('script_id', '=', options.scriptId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
