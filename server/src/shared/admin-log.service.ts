import type { AdminLogQuery } from '@doublecast/common/admin';
import type { Executor } from '../db/connection';
import { insertAdminLog, listAdminLogs, type AdminLogInput } from './admin-log.repository';

/**
 * How every feature records an admin action: pass the transaction that makes the action's
 * effect, so the effect and its log row commit or roll back together.
 */
export function recordAdminAction(trx: Executor, entry: AdminLogInput): Promise<void> {
  return insertAdminLog(trx, entry);
}

/** The admin log, newest first, a page at a time (the admin area reads it). */
export function readAdminLog(db: Executor, query: AdminLogQuery, pageSize: number) {
  return listAdminLogs(db, query, pageSize);
}
