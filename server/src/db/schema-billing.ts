/** Billing tables (migration 0005-billing). Conventions as in schema.ts. */
export interface BillingEventsTable {
  event_id: string;
  type: string;
  user_id: string | null;
  processed_at: string;
}

export interface TestCheckoutSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan: 'monthly' | 'annual';
  price_id: string;
  /** Decimal text, e.g. "5.99", so that no float rounding reaches the page. */
  amount: string;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface TestSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  price_id: string;
  status: string;
  cancel_at_period_end: number;
  current_period_end: string;
  created_at: string;
  updated_at: string;
}

/** When the stored subscription was last read from the provider (a sortable stamp). */
export interface BillingSubscriptionSyncTable {
  user_id: string;
  synced_at: string;
  /** The provider subscription last applied to the user, and when the provider created it. */
  subscription_id: string | null;
  subscription_created_at: string | null;
}

export interface BillingTables {
  billing_subscription_sync: BillingSubscriptionSyncTable;
  billing_events: BillingEventsTable;
  test_checkout_sessions: TestCheckoutSessionsTable;
  test_subscriptions: TestSubscriptionsTable;
}
