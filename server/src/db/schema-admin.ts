import type { Generated } from 'kysely';

/** Tables of the admin feature (migration 0014-admin). */
export interface AdminLogsTable {
  id: Generated<number>;
  admin_id: string;
  admin_email: string;
  /** subscription_override, subscription_override_revoked, message_sent, users_exported, diagnostics_*. */
  action: string;
  target_user_id: string | null;
  /** JSON object. */
  metadata: string;
  created_at: string;
}

/** Messages from admins to users (docs/glossary.md#messages). */
export interface MessagesTable {
  id: string;
  user_id: string;
  subject: string;
  content: string;
  sent_by: string;
  sent_by_email: string;
  sent_at: string;
  is_read: Generated<number>;
  read_at: string | null;
  category: 'general' | 'billing' | 'support' | 'feature' | 'warning';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  expires_at: string | null;
}

/** One failed password attempt, counted across every server process (migration 0026). */
export interface FailedAttemptsTable {
  id: Generated<number>;
  /** What the limit is per: `admin:{userId}` for an admin re-entering the password. */
  key: string;
  failed_at: string;
}

/** One row (id 1): how many users there are, kept by triggers on users (migration 0016). */
export interface UserTotalsTable {
  id: number;
  users: number;
}

export interface AdminTables {
  admin_logs: AdminLogsTable;
  messages: MessagesTable;
  failed_attempts: FailedAttemptsTable;
  user_totals: UserTotalsTable;
}
