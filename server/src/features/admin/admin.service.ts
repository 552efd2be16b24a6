import { errorRatePercent, roundUsd, type AdminDashboard } from '@doublecast/common/admin';
import type { AppContext } from '../../app-context';
import {
  countReadings,
  countUsers,
  summariseProviderMetrics,
  type TimeRange,
} from './admin.repository';

/** The UTC calendar day holding `now`, as a half-open range of ISO timestamps. */
export function utcDay(now: Date): TimeRange & { day: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  return {
    day: start.toISOString().slice(0, 10),
    from: start.toISOString(),
    to: end.toISOString(),
  };
}

/** The admin dashboard's figures (docs/glossary.md#admin-dashboard), "today" in UTC. */
export async function getAdminDashboard(
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<AdminDashboard> {
  const today = utcDay(ctx.clock.now());
  const db = ctx.db.kysely;
  const [totalUsers, newUsersToday, totalRecordings, metrics] = await Promise.all([
    countUsers(db),
    countUsers(db, today),
    countReadings(db),
    summariseProviderMetrics(db, today),
  ]);
  return {
    day: today.day,
    totalUsers,
    newUsersToday,
    totalRecordings,
    apiRequestsToday: metrics.requests,
    apiErrorsToday: metrics.errors,
    apiErrorRateToday: errorRatePercent(metrics.errors, metrics.requests),
    apiCharactersToday: metrics.characters,
    // Each row is priced by the engine that made it (decision 153): the offline and neural voices are free.
    estimatedApiCostToday: roundUsd(metrics.costUsd),
  };
}
