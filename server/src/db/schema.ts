import type { Generated } from 'kysely';
import type { VoicesTables } from './schema-voices';
import type { AuthTables } from './schema-auth';
import type { BillingTables } from './schema-billing';
import type { ScriptsTables } from './schema-scripts';
import type { StudioTables } from './schema-studio';
import type { BlogTables } from './schema-blog';
import type { ReadingsTables } from './schema-readings';
import type { AdminTables } from './schema-admin';

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

export interface UsersTable {
  id: string;
  email: string;
  email_verified: Generated<number>;
  name: string | null;
  image: string | null;
  first_name: string | null;
  role: Generated<'user' | 'admin'>;
  disabled: Generated<number>;
  funnel_stage: Generated<string>;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  subscription_status: Generated<'active' | 'inactive' | 'canceled' | 'past_due'>;
  subscription_tier: Generated<'free' | 'paid'>;
  plan: Generated<string>;
  quota_minutes_total: Generated<number>;
  quota_minutes_used: Generated<number>;
  stripe_customer_id: string | null;
  subscription_id: string | null;
  subscription_expires_at: string | null;
  last_payment_date: string | null;
  stripe_price_id: string | null;
  override_status: string | null;
  override_tier: 'free' | 'paid' | null;
  override_expires_at: string | null;
  override_created_at: string | null;
  override_created_by: string | null;
  override_reason: string | null;
  /** Readings made (soft-deleted ones too), kept by a trigger on generations (migration 0014). */
  recordings_count: Generated<number>;
  characters_total: Generated<number>;
  first_recording_at: string | null;
  last_recording_at: string | null;
}

interface FoundationTables {
  contact_messages: ContactMessagesTable;
  analytics_events: AnalyticsEventsTable;
  users: UsersTable;
}

/**
 * Every table. Each feature keeps its table types in its own `db/schema-<feature>.ts` and adds
 * that interface to this list (one line per feature).
 */
export interface Database
  extends
    FoundationTables,
    AuthTables,
    BillingTables,
    StudioTables,
    ScriptsTables,
    VoicesTables,
    BlogTables,
    ReadingsTables,
    AdminTables {}
