import type { AdminLogAction, AdminLogQuery } from '@doublecast/common/admin';
import type { Executor } from '../db/connection';

export interface AdminLogInput {
  admin: { id: string; email: string };
  action: AdminLogAction;
  targetUserId: string | null;
  metadata: Record<string, unknown>;
  at: string;
}

/** Writes one admin log row; call it with the transaction that makes the action's effect. */
export async function insertAdminLog(db: Executor, entry: AdminLogInput): Promise<void> {
  await db
    .insertInto('admin_logs')
    .values({
      admin_id: entry.admin.id,
      admin_email: entry.admin.email,
      action: entry.action,
      target_user_id: entry.targetUserId,
      metadata: JSON.stringify(entry.metadata),
      created_at: entry.at,
    })
    .execute();
}

/**
 * Newest first, `pageSize` a page; one more row is read to tell whether another page exists.
 * Each row comes with its target user's email as it is now (null once that user is deleted).
 */
export async function listAdminLogs(db: Executor, query: AdminLogQuery, pageSize: number) {
  let q = db
    .selectFrom('admin_logs')
    .leftJoin('users', 'users.id', 'admin_logs.target_user_id')
    .selectAll('admin_logs')
    .select('users.email as target_email');
  if (query.action) q = q.where('action', '=', query.action);
  if (query.adminId) q = q.where('admin_id', '=', query.adminId);
  if (query.targetUserId) q = q.where('target_user_id', '=', query.targetUserId);
  const rows = await q
    .orderBy('admin_logs.created_at', 'desc')
    .orderBy('admin_logs.id', 'desc')
    .limit(pageSize + 1)
    .offset((query.page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
