import { z } from 'zod';
import {
  activityStatusFor,
  ADMIN_LOGS_PAGE_SIZE,
  ADMIN_USER_SORTS,
  wholeDaysSince,
  type AdminLogList,
  type AdminLogQuery,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserDetails,
  type AdminUserRow,
} from '@doublecast/common/admin';
import { MONTHLY_CHARACTER_LIMITS, remainingCharacters } from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import { utcMonthKey, utcMonthStartAfter } from '../../lib/calendar';
import { overrideOf, resolveTier } from '../billing';
import { readAdminLog, recordAdminAction } from '../../shared/admin-log.service';
import {
  clearOverride,
  findAdminUser,
  listAdminUsers,
  monthlyLedgerTotals,
  writeOverride,
  type AdminUserDbRow,
  type UserListCursor,
} from './admin-users.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const DAY_MS = 24 * 3600 * 1000;

export function toAdminUserRow(row: AdminUserDbRow, nowMs: number): AdminUserRow {
  const { tier, overrideActive, tierSource } = resolveTier(row, nowMs);
  const daysSinceLastSignIn = wholeDaysSince(row.last_sign_in_at, nowMs);
  return {
    userId: row.id,
    email: row.email,
    displayName: row.name,
    role: row.role,
    tier,
    tierSource,
    stripeStatus: row.subscription_status,
    lastPaymentDate: row.last_payment_date,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    override: overrideOf(row),
    overrideActive,
    daysSinceSignUp: wholeDaysSince(row.created_at, nowMs) ?? 0,
    daysSinceLastSignIn,
    activityStatus: activityStatusFor(daysSinceLastSignIn),
    recordingsCount: Number(row.recordings_count),
    charactersTotal: Number(row.characters_total),
    firstRecordingAt: row.first_recording_at,
    lastRecordingAt: row.last_recording_at,
  };
}

/** A cursor names its order too, so one from another order is refused, not misread. */
const cursorSchema = z.object({
  sort: z.enum(ADMIN_USER_SORTS),
  dir: z.enum(['asc', 'desc']),
  value: z.union([z.string(), z.number(), z.null()]),
  id: z.string(),
  back: z.boolean(),
});

/** The opaque `cursor` that names a page start in the list's order. */
export function encodeCursor(
  query: Pick<AdminUserListQuery, 'sort' | 'dir'>,
  key: UserListCursor | null,
): string | null {
  if (!key) return null;
  const body = { sort: query.sort, dir: query.dir, ...key };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function decodeCursor(query: AdminUserListQuery): UserListCursor | null {
  if (query.cursor === undefined) return null;
  let parsed: z.infer<typeof cursorSchema> | undefined;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(query.cursor, 'base64url').toString()));
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.sort !== query.sort || parsed.dir !== query.dir)
    throw new AppError('invalid-argument', 'Invalid cursor');
  return { value: parsed.value, id: parsed.id, back: parsed.back };
}

export async function listUsersForAdmin(
  ctx: Ctx,
  query: AdminUserListQuery,
): Promise<AdminUserList> {
  const nowMs = ctx.clock.now().getTime();
  const cursor = decodeCursor(query);
  const list = await listAdminUsers(ctx.db.kysely, ctx.db.dialect, query, nowMs, cursor);
  return {
    users: list.rows.map((r) => toAdminUserRow(r, nowMs)),
    total: list.total,
    totalCapped: list.totalCapped,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: encodeCursor(query, list.next),
    prevCursor: encodeCursor(query, list.previous),
  };
}

/** The User Details modal's figures: the row, this and last month, the allowance left. */
export async function getUserDetailsForAdmin(ctx: Ctx, userId: string): Promise<AdminUserDetails> {
  const row = await getUserForAdmin(ctx, userId);
  const now = ctx.clock.now();
  const current = utcMonthKey(now);
  const last = utcMonthKey(utcMonthStartAfter(now, -1));
  const totals = await monthlyLedgerTotals(ctx.db.kysely, [userId], [current, last]);
  const month = (key: string) => {
    const t = totals.find((x) => x.month === key);
    return { generations: t?.generations ?? 0, characters: t?.characters ?? 0 };
  };
  const characterLimit = MONTHLY_CHARACTER_LIMITS[row.tier];
  const used = month(current).characters;
  return {
    ...row,
    currentMonth: month(current),
    lastMonth: month(last),
    characterLimit,
    remainingThisMonth: remainingCharacters(used, characterLimit),
  };
}

export async function getUserForAdmin(ctx: Ctx, userId: string): Promise<AdminUserRow> {
  const row = await findAdminUser(ctx.db.kysely, userId);
  if (!row) throw new AppError('not-found', 'User not found');
  return toAdminUserRow(row, ctx.clock.now().getTime());
}

/**
 * Sets an override for `userId`: the tier counts until now + `days` (docs/glossary.md#override),
 * and the admin log row is written in the same transaction.
 */
export async function setUserOverride(
  ctx: Ctx & Pick<AppContext, 'sessionEvents'>,
  options: {
    admin: SessionUser;
    userId: string;
    tier: 'free' | 'paid';
    days: number;
    reason: string;
  },
): Promise<AdminUserRow> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + options.days * DAY_MS).toISOString();
  await transaction(ctx.db, async (trx) => {
    const written = await writeOverride(trx, {
      userId: options.userId,
      tier: options.tier,
      expiresAt,
      createdAt: at,
      createdBy: options.admin.id,
      reason: options.reason,
    });
    if (!written) throw new AppError('not-found', 'User not found');
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'subscription_override',
      targetUserId: options.userId,
      metadata: { tier: options.tier, days: options.days, expiresAt, reason: options.reason },
      at,
    });
  });
  // The user changed: every process re-reads their sessions' rows (decision 233).
  await ctx.sessionEvents.publish({ kind: 'user', userId: options.userId });
  return getUserForAdmin(ctx, options.userId);
}

/** Clears the user's override and logs it in the same transaction. */
export async function revokeUserOverride(
  ctx: Ctx & Pick<AppContext, 'sessionEvents'>,
  options: { admin: SessionUser; userId: string },
): Promise<AdminUserRow> {
  const at = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    const before = await findAdminUser(trx, options.userId);
    if (!before) throw new AppError('not-found', 'User not found');
    if (!(await clearOverride(trx, options.userId, at))) {
      throw new AppError('not-found', 'This user has no override to revoke');
    }
    await recordAdminAction(trx, {
      admin: options.admin,
      action: 'subscription_override_revoked',
      targetUserId: options.userId,
      metadata: {
        tier: before.override_tier,
        expiresAt: before.override_expires_at,
        reason: before.override_reason,
      },
      at,
    });
  });
  // The user changed: every process re-reads their sessions' rows (decision 233).
  await ctx.sessionEvents.publish({ kind: 'user', userId: options.userId });
  return getUserForAdmin(ctx, options.userId);
}

export async function listAdminLog(ctx: Ctx, query: AdminLogQuery): Promise<AdminLogList> {
  const { rows, hasMore } = await readAdminLog(ctx.db.kysely, query, ADMIN_LOGS_PAGE_SIZE);
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      adminId: r.admin_id,
      adminEmail: r.admin_email,
      action: r.action,
      targetUserId: r.target_user_id,
      targetEmail: r.target_email,
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      createdAt: r.created_at,
    })),
    page: query.page,
    pageSize: ADMIN_LOGS_PAGE_SIZE,
    hasMore,
  };
}
