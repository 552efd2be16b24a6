import { Readable } from 'node:stream';
import type { AdminUserListQuery, AdminUserRow } from '@doublecast/common/admin';
import type { AppContext } from '../../app-context';
import { transaction } from '../../db/connection';
import type { SessionUser } from '../../http/auth-guard';
import { utcMonthKey, utcMonthStartAfter } from '../../lib/calendar';
import { recordAdminAction } from '../../shared/admin-log.service';
import { listAdminUsersAfter, monthlyLedgerTotals } from './admin-users.repository';
import { toAdminUserRow } from './admin-users.service';
import { csvRow } from './csv';

/** The CSV export's columns, in order (docs/glossary.md#csv-export). */
export const EXPORT_COLUMNS = [
  'Email',
  'User ID',
  'Sign-up Date',
  'Days Since Sign-up',
  'Last Sign-in',
  'Days Since Last Sign-in',
  'Subscription Status',
  'Tier',
  'Override Status',
  'Recordings',
  'Total Characters',
  'First Recording',
  'Last Recording',
  'Activity Status',
  'Avg Recordings / Week',
  'Avg Characters / Week',
  'Current Month Recordings',
  'Current Month Characters',
  'Last Month Recordings',
  'Last Month Characters',
] as const;

const EXPORT_BATCH = 500;

/** Per week since sign-up, two decimals; empty for accounts under 7 days old (docs/glossary.md#activity-status). */
export function perWeek(total: number, daysSinceSignUp: number): number | null {
  if (daysSinceSignUp < 7) return null;
  return Math.round((total / (daysSinceSignUp / 7)) * 100) / 100;
}

function overrideStatus(row: AdminUserRow): string {
  if (!row.override) return 'none';
  return row.overrideActive ? `active (${row.override.tier})` : 'expired';
}

export function exportFileName(now: Date): string {
  return `doublecast-users-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The users matching the admin's filters as CSV, streamed batch by batch (never the whole file
 * in memory). The export is logged first, in its own transaction: it changes nothing else.
 */
export async function exportUsersCsv(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { admin: SessionUser; query: AdminUserListQuery },
): Promise<Readable> {
  const now = ctx.clock.now();
  const nowMs = now.getTime();
  const current = utcMonthKey(now);
  const last = utcMonthKey(utcMonthStartAfter(now, -1));
  const { q, status, tier, activity } = options.query;
  await transaction(ctx.db, (trx) =>
    recordAdminAction(trx, {
      admin: options.admin,
      action: 'users_exported',
      targetUserId: null,
      metadata: { filters: { q: q ?? null, status, tier, activity } },
      at: now.toISOString(),
    }),
  );

  async function* lines(): AsyncGenerator<string> {
    yield csvRow(EXPORT_COLUMNS);
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const batch = await listAdminUsersAfter(
        ctx.db.kysely,
        ctx.db.dialect,
        options.query,
        nowMs,
        after,
        EXPORT_BATCH,
      );
      if (batch.length === 0) return;
      const totals = await monthlyLedgerTotals(
        ctx.db.kysely,
        batch.map((r) => r.id),
        [current, last],
      );
      const month = (userId: string, key: string) =>
        totals.find((t) => t.userId === userId && t.month === key) ?? {
          generations: 0,
          characters: 0,
        };
      let chunk = '';
      for (const raw of batch) {
        const r = toAdminUserRow(raw, nowMs);
        const cur = month(r.userId, current);
        const prev = month(r.userId, last);
        chunk += csvRow([
          r.email,
          r.userId,
          r.createdAt,
          r.daysSinceSignUp,
          r.lastSignInAt,
          r.daysSinceLastSignIn,
          r.stripeStatus,
          r.tier,
          overrideStatus(r),
          r.recordingsCount,
          r.charactersTotal,
          r.firstRecordingAt,
          r.lastRecordingAt,
          r.activityStatus,
          perWeek(r.recordingsCount, r.daysSinceSignUp),
          perWeek(r.charactersTotal, r.daysSinceSignUp),
          cur.generations,
          cur.characters,
          prev.generations,
          prev.characters,
        ]);
      }
      yield chunk;
      const tail = batch[batch.length - 1]!;
      after = { createdAt: tail.created_at, id: tail.id };
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
