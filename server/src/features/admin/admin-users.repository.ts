import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AdminUserListQuery, AdminUserSort } from '@doublecast/common/admin';
import type { Dialect, Executor } from '../../db/connection';
import type { Database } from '../../db/schema';

type Eb = ExpressionBuilder<Database, 'users'>;

const DAY_MS = 24 * 3600 * 1000;

/** The ISO timestamp `days` whole days before `nowMs`. */
function daysBefore(nowMs: number, days: number): string {
  return new Date(nowMs - days * DAY_MS).toISOString();
}

/**
 * Users whose tier that counts (docs/glossary.md#tiers, `resolveTier` in
 * features/billing/subscription.service.ts) is `tier` at `nowIso`, through the generated columns
 * of migration 0016: an unexpired override decides for non-admins, otherwise the subscription
 * (or the admin role) does. Each half is an index range.
 */
export function tierIs(eb: Eb, tier: 'free' | 'paid', nowIso: string): Expression<SqlBool> {
  const noOverrideDecides = eb.or([
    eb('tier_override_until', 'is', null),
    eb('tier_override_until', '<=', nowIso),
  ]);
  const bySubscription =
    tier === 'paid'
      ? eb('paid_subscription_until', '>', nowIso)
      : eb.or([
          eb('paid_subscription_until', 'is', null),
          eb('paid_subscription_until', '<=', nowIso),
        ]);
  return eb.or([
    eb.and([eb('tier_override_until', '>', nowIso), eb('override_tier', '=', tier)]),
    eb.and([noOverrideDecides, bySubscription]),
  ]);
}

/** Escapes LIKE's wildcards (PostgreSQL's default escape character is the backslash). */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchFilter(eb: Eb, dialect: Dialect, q: string): Expression<SqlBool> {
  const prefix = q.toLowerCase();
  // Emails are stored lower-case. Both forms use an index: a range on SQLite (binary
  // collation), LIKE with text_pattern_ops on PostgreSQL (migration 0014).
  const emailMatch =
    dialect === 'postgres'
      ? eb('email', 'like', likePrefix(prefix))
      : eb.and([eb('email', '>=', prefix), eb('email', '<', `${prefix}\u{10FFFF}`)]);
  return eb.or([emailMatch, eb('id', '=', q)]);
}

function filters(
  eb: Eb,
  dialect: Dialect,
  query: AdminUserListQuery,
  nowMs: number,
): Expression<SqlBool> {
  const nowIso = new Date(nowMs).toISOString();
  const parts: Expression<SqlBool>[] = [];
  if (query.q) parts.push(searchFilter(eb, dialect, query.q));

  if (query.status === 'active') parts.push(eb('subscription_status', '=', 'active'));
  if (query.status === 'inactive') parts.push(eb('subscription_status', '<>', 'active'));
  // An override with status active and a tier that has not expired (glossary: override).
  if (query.status === 'overridden' || query.tier === 'overridden')
    parts.push(eb('override_until', '>', nowIso));
  if (query.tier === 'free' || query.tier === 'paid') parts.push(tierIs(eb, query.tier, nowIso));

  // Whole days since the last sign-in: d <= 30 is t > now - 31 days, and so on (docs/glossary.md#activity-status).
  const bands: Record<string, [number | null, number | null]> = {
    active: [null, 31],
    inactive: [31, 61],
    dormant: [61, 91],
    churn_risk: [91, null],
  };
  if (query.activity !== 'all') {
    const [olderThan, newerThan] = bands[query.activity] ?? [null, null];
    if (newerThan !== null) parts.push(eb('last_sign_in_at', '>', daysBefore(nowMs, newerThan)));
    if (olderThan !== null) parts.push(eb('last_sign_in_at', '<=', daysBefore(nowMs, olderThan)));
  }
  return eb.and(parts);
}

type SortColumn =
  'email' | 'created_at' | 'last_sign_in_at' | 'recordings_count' | 'characters_total';

const SORT_COLUMNS: Record<AdminUserSort, readonly [SortColumn, boolean]> = {
  email: ['email', false],
  signUp: ['created_at', false],
  daysSinceSignUp: ['created_at', true],
  lastSignIn: ['last_sign_in_at', false],
  daysSinceSignIn: ['last_sign_in_at', true],
  activity: ['last_sign_in_at', true],
  recordings: ['recordings_count', false],
  characters: ['characters_total', false],
};

export const ADMIN_USER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'created_at',
  'last_sign_in_at',
  'subscription_status',
  'subscription_tier',
  'subscription_expires_at',
  'last_payment_date',
  'override_status',
  'override_tier',
  'override_expires_at',
  'override_created_at',
  'override_created_by',
  'override_reason',
  'recordings_count',
  'characters_total',
  'first_recording_at',
  'last_recording_at',
] as const;

/** Filtered totals are counted up to this many rows (the table then says "1,000+"). */
export const ADMIN_USERS_COUNT_CAP = 1000;

/** Where a page starts: after (or, going back, before) the row with this sort value and id. */
export interface UserListCursor {
  value: string | number | null;
  id: string;
  back: boolean;
}

/**
 * One page of users matching the search and filters, in the asked order, and how many match.
 * Everything happens in SQL; each order ends in the id so pages never overlap. With a cursor the
 * page is an index range after (or before) the cursor's row, whatever its depth; without one,
 * `page` is an offset (page 1 in practice). The total is exact without filters (user_totals,
 * kept by triggers) and counted up to ADMIN_USERS_COUNT_CAP with them, so no request reads more than that many rows to count
 * (docs/decisions/174-admin-users-list-at-scale.md).
 */
export async function listAdminUsers(
  db: Executor,
  dialect: Dialect,
  query: AdminUserListQuery,
  nowMs: number,
  cursor: UserListCursor | null,
) {
  const [column, reversed] = SORT_COLUMNS[query.sort];
  const back = cursor?.back ?? false;
  // Going back reads the same order reversed, then turns the rows round.
  const ascending = ((query.dir === 'asc') !== reversed) !== back;
  const direction = ascending ? 'asc' : 'desc';
  const unfiltered =
    !query.q && query.status === 'all' && query.tier === 'all' && query.activity === 'all';
  const base = unfiltered
    ? db.selectFrom('users')
    : db.selectFrom('users').where((eb) => filters(eb, dialect, query, nowMs));
  let page = base.select(ADMIN_USER_COLUMNS);
  if (cursor) page = page.where((eb) => afterCursor(eb, column, ascending, cursor));
  // NULL (never signed in) sorts as the oldest sign-in on both databases: first ascending.
  page =
    column === 'last_sign_in_at' && dialect === 'postgres'
      ? page.orderBy(column, (ob) => (ascending ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
      : page.orderBy(column, direction);
  page = page.orderBy('id', direction).limit(query.pageSize + 1);
  if (!cursor) page = page.offset((query.page - 1) * query.pageSize);
  const fetched = await page.execute();
  const more = fetched.length > query.pageSize;
  const rows = fetched.slice(0, query.pageSize);
  if (back) rows.reverse();

  const { n } = unfiltered
    ? await db
        .selectFrom('user_totals')
        .select('users as n')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom(
          base
            .select(sql.lit(1).as('one'))
            .limit(ADMIN_USERS_COUNT_CAP + 1)
            .as('matching'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
  const capped = !unfiltered && Number(n) > ADMIN_USERS_COUNT_CAP;
  const keyOf = (row: (typeof rows)[number] | undefined, toBack: boolean) =>
    row ? { value: row[column], id: row.id, back: toBack } : null;
  return {
    rows,
    total: capped ? ADMIN_USERS_COUNT_CAP : Number(n),
    totalCapped: capped,
    // Forward: a next page when more rows came; a previous one when this page followed another.
    // Backward: the mirror image.
    next: (back ? cursor !== null : more) ? keyOf(rows.at(-1), false) : null,
    previous: (back ? more : cursor !== null || query.page > 1) ? keyOf(rows[0], true) : null,
  };
}

/** Rows after the cursor's row in the order (column, id), both ascending or both descending. */
function afterCursor(
  eb: Eb,
  column: SortColumn,
  ascending: boolean,
  cursor: UserListCursor,
): Expression<SqlBool> {
  const gt = ascending ? '>' : '<';
  const ref = eb.ref(column);
  const tie = eb('id', gt, cursor.id);
  if (cursor.value === null) {
    // NULLs come first ascending and last descending (see the ORDER BY above).
    return ascending
      ? eb.or([eb.and([eb(ref, 'is', null), tie]), eb(ref, 'is not', null)])
      : eb.and([eb(ref, 'is', null), tie]);
  }
  // A range on the column (which the column's index serves) narrowed at the cursor's value.
  const after = eb.and([
    eb(ref, ascending ? '>=' : '<=', cursor.value),
    eb.or([eb(ref, gt, cursor.value), tie]),
  ]);
  return ascending || column !== 'last_sign_in_at' ? after : eb.or([after, eb(ref, 'is', null)]);
}

export type AdminUserDbRow = Awaited<ReturnType<typeof listAdminUsers>>['rows'][number];

export async function findAdminUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(ADMIN_USER_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether a users row with this id exists. */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The id of the users row with this email, if any. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** A bare users row (the diagnostics' ensureUserDocument): every other column at its default. */
export async function insertUserRecord(
  db: Executor,
  row: { id: string; email: string; at: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: row.id, email: row.email, created_at: row.at, updated_at: row.at })
    .execute();
}

/** Sets the user's last sign-in; false when there is no such user. */
export async function setLastSignIn(db: Executor, userId: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ last_sign_in_at: at, updated_at: at })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sets (or replaces) the user's override; false when there is no such user. */
export async function writeOverride(
  db: Executor,
  options: {
    userId: string;
    tier: 'free' | 'paid';
    expiresAt: string;
    createdAt: string;
    createdBy: string;
    reason: string;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({
      override_status: 'active',
      override_tier: options.tier,
      override_expires_at: options.expiresAt,
      override_created_at: options.createdAt,
      override_created_by: options.createdBy,
      override_reason: options.reason,
      updated_at: options.createdAt,
    })
    .where('id', '=', options.userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Clears the user's override (docs/glossary.md#override); false when none was set. */
export async function clearOverride(db: Executor, userId: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({
      override_status: null,
      override_tier: null,
      override_expires_at: null,
      override_created_at: null,
      override_created_by: null,
      override_reason: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .where('override_status', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The export's batches: users matching the filters in sign-up order after `after` (keyset, so
 * each batch is an index range whatever the depth), `limit` at a time.
 */
export async function listAdminUsersAfter(
  db: Executor,
  dialect: Dialect,
  query: AdminUserListQuery,
  nowMs: number,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  let q = db
    .selectFrom('users')
    .select(ADMIN_USER_COLUMNS)
    .where((eb) => filters(eb, dialect, query, nowMs));
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/**
 * Readings and characters per user and month from the usage ledger, the one the allowance and
 * `users.characters_total` are kept from (migration 0050): characters are charges less refunds;
 * a reading counts unless it was wholly refunded (one delivered in part still counts), as in
 * usage.repository's sumUsageBetween.
 */
export async function monthlyLedgerTotals(db: Executor, userIds: string[], months: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('usage_ledger as l')
    .leftJoin('usage_ledger as c', 'c.id', 'l.refund_of')
    .select((eb) => [
      'l.user_id',
      'l.month',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('l.kind', '=', 'charge')
            .then(1)
            .when(
              eb.and([
                eb('l.kind', '=', 'refund'),
                eb(sql<number>`l.character_count + c.character_count`, '=', 0),
              ]),
            )
            .then(-1)
            .else(0)
            .end(),
        )
        .as('generations'),
      eb.fn.sum<number>('l.character_count').as('characters'),
    ])
    .where('l.user_id', 'in', userIds)
    .where('l.month', 'in', months)
    .groupBy(['l.user_id', 'l.month'])
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    month: r.month,
    generations: Number(r.generations),
    characters: Number(r.characters),
  }));
}
