/**
 * Tables of the Studio: the monthly allowance (counter + ledger), generations (history items)
 * and user preferences. Conventions as in schema.ts.
 */
export interface UsageCountersTable {
  user_id: string;
  /** YYYY-MM, a calendar month in UTC. */
  month: string;
  /** Always equals the sum of usage_ledger.character_count for the same user and month (docs/glossary.md#R1). */
  used: number;
  updated_at: string;
}

/** The usage ledger: one row per charge, and one negative row per refund. */
export interface UsageLedgerTable {
  id: string;
  user_id: string;
  month: string;
  kind: 'charge' | 'refund';
  action: string;
  voice_id: string | null;
  /** Positive for a charge, negative for a refund. */
  character_count: number;
  /** Unique per user while the charge stands; cleared when it is refunded, so a retry can charge anew. */
  idempotency_key: string | null;
  /** The key the caller sent, kept for the record. */
  request_key: string | null;
  /** For a refund: the charge it gives back (unique, so a charge is refunded at most once). */
  refund_of: string | null;
  duration: number | null;
  metadata: string;
  created_at: string;
  /**
   * For a charge: when it became final (its reading's first audio was handed on, decision 260).
   * Null while the request holding it has sent nothing; a replay of its key answers only a
   * committed charge, and a committed charge is never refunded whole.
   */
  committed_at: string | null;
}

export interface GenerationsTable {
  id: string;
  user_id: string;
  text: string;
  /** Key of the MP3 in the storage adapter. */
  audio_key: string;
  voice_id: string;
  voice_name: string;
  voice_gender: string | null;
  voice_accent: string | null;
  voice_age: string | null;
  created_at: string;
  /** Seconds, from the MP3's frames; null until known. */
  duration: number | null;
  character_count: number;
  script_id: string | null;
  size_bytes: number;
  /** JSON of the synthesis settings (speed, stability, similarity). */
  settings: string;
  is_deleted: number;
  deleted_at: string | null;
  updated_at: string;
  /** When the retention job removed the file of this deleted reading; null while it is kept. */
  audio_removed_at?: string | null;
  /** 1 for readings made by the admin diagnostics; left out of the dashboard's counts. */
  is_test?: number;
}

export interface UserPreferencesTable {
  user_id: string;
  /** JSON array of voice ids. */
  favorite_voice_ids: string;
  default_voice_id: string | null;
  /** JSON array of at most 5 voice ids, most recent first, no duplicates. */
  recent_voice_ids: string;
  default_speed: number;
  default_stability: number;
  default_similarity: number;
  updated_at: string;
}

export interface StudioTables {
  usage_counters: UsageCountersTable;
  usage_ledger: UsageLedgerTable;
  generations: GenerationsTable;
  user_preferences: UserPreferencesTable;
}
