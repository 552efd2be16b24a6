import type { Generated } from 'kysely';

/**
 * Table types. Conventions (see docs/decisions/002-one-query-layer-two-databases.md):
 * timestamps are ISO-8601 UTC text, booleans are integers 0/1, ids are text, JSON is text,
 * so that the same query code reads and writes the same values on SQLite and PostgreSQL.
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  status: 'unread' | 'read';
  user_agent: string | null;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  user_id: string | null;
  properties: string;
  created_at: string;
}

export interface Database {
  contact_messages: ContactMessagesTable;
  analytics_events: AnalyticsEventsTable;
}
