import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AdminUserListQuery } from '@doublecast/common/admin';
import type { Dialect, Executor } from '../../db/connection';
import type { Database } from '../../db/schema';

type Eb = ExpressionBuilder<Database, 'users'>;

const DAY_MS = 24 * 3600 * 1000;

/** The ISO timestamp `days` whole days before `nowMs`. */
function daysBefore(nowMs: number, days: number): string {
  return new Date(nowMs - days * DAY_MS).toISOString();
}

/** An override that decides the tier now: status active, a tier, and not expired (docs/glossary.md#override). */
function overrideActive(eb: Eb, nowIso: string): Expression<SqlBool> {
  return eb.and([
    eb('override_status', '=', 'active'),
    eb('override_tier', 'is not', null),
    eb.or([eb('override_expires_at', 'is', null), eb('override_expires_at', '>', nowIso)]),
  ]);
}

/**
 * The tier that counts, in SQL: the same rule as `resolveTier` in
 * features/billing/subscription.service.ts (admins are paid; an active override replaces the
 * subscription; a canceled or past-due subscription is paid until its period ends).
 */
export function effectiveTierSql(eb: Eb, nowIso: string) {
  return eb
    .case()
    .when('role', '=', 'admin')
    .then('paid')
    .when(overrideActive(eb, nowIso))
    .then(eb.ref('override_tier'))
    .when(
      eb.and([
        eb('subscription_tier', '=', 'paid'),
        eb.or([
          eb('subscription_status', '=', 'active'),
          eb.and([
            eb('subscription_status', 'in', ['canceled', 'past_due']),
            eb('subscription_expires_at', '>', nowIso),
          ]),
        ]),
      ]),
    )
    .then('paid')
    .else('free')
    .end();
}

/** Escapes LIKE's wildcards (PostgreSQL's default escape character is the backslash). */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchFilter(eb: Eb, dialect: Dialect, q: string): Expression<SqlBool> {
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
  if (query.status === 'overridden' || query.tier === 'overridden')
    parts.push(overrideActive(eb, nowIso));
  if (query.tier === 'free' || query.tier === 'paid')
    parts.push(eb(effectiveTierSql(eb, nowIso), '=', query.tier));

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

const SORT_COLUMNS = {
  email: ['email', false],
  signUp: ['created_at', false],
  daysSinceSignUp: ['created_at', true],
  lastSignIn: ['last_sign_in_at', false],
  daysSinceSignIn: ['last_sign_in_at', true],
  activity: ['last_sign_in_at', true],
  recordings: ['recordings_count', false],
  characters: ['characters_total', false],
} as const;

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

/**
 * One page of users matching the search and filters, in the asked order, and how many match.
 * Everything happens in SQL; each order ends in the id so pages never overlap.
 */
export async function listAdminUsers(
  db: Executor,
  dialect: Dialect,
  query: AdminUserListQuery,
  nowMs: number,
) {
  const [column, reversed] = SORT_COLUMNS[query.sort];
  const ascending = (query.dir === 'asc') !== reversed;
  const base = db.selectFrom('users').where((eb) => filters(eb, dialect, query, nowMs));
  let page = base.select(ADMIN_USER_COLUMNS);
  if (column === 'last_sign_in_at' && dialect === 'postgres') {
    // Never signed in sorts as the oldest sign-in, as SQLite orders NULLs.
    page = page.orderBy(column, (ob) =>
      ascending ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
    );
  } else {
    page = page.orderBy(column, ascending ? 'asc' : 'desc');
  }
  const rows = await page
    .orderBy('id', ascending ? 'asc' : 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export type AdminUserDbRow = Awaited<ReturnType<typeof listAdminUsers>>['rows'][number];

export async function findAdminUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(ADMIN_USER_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
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

/** Net readings and characters per user and month from the usage ledger (charges less refunds). */
export async function monthlyLedgerTotals(db: Executor, userIds: string[], months: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('usage_ledger')
    .select((eb) => [
      'user_id',
      'month',
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'charge').then(1).else(-1).end())
        .as('generations'),
      eb.fn.sum<number>('character_count').as('characters'),
    ])
    .where('user_id', 'in', userIds)
    .where('month', 'in', months)
    .groupBy(['user_id', 'month'])
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    month: r.month,
    generations: Number(r.generations),
    characters: Number(r.characters),
  }));
}
