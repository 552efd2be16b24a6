/**
 * Tables of the voices feature: the voice rows synchronised from the active engine, per-user
 * voice permissions and the provider request metrics (one row per provider request).
 * Conventions as in schema.ts.
 */
export interface VoicesTable {
  id: string;
  /** The engine the voice belongs to: local or elevenlabs. */
  provider: string;
  provider_voice_id: string;
  /** The engine's name for the voice. */
  name: string;
  /** The admin's display-name override, or null. */
  display_name: string | null;
  /** JSON: { gender, age, accent, useCase }. */
  labels: string;
  description: string | null;
  /** JSON array of "Best for" tags. */
  best_for: string;
  /** A provider-hosted preview, when the provider has one. */
  provider_preview_url: string | null;
  category: 'men' | 'women' | 'children';
  /** 1 when an admin set the category; sync then leaves it alone. */
  category_locked: number;
  featured: number;
  enabled: number;
  /** 1 while the engine still lists the voice. */
  available: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface VoicePermissionsTable {
  user_id: string;
  voice_id: string;
  created_at: string;
}

/** One row per provider request (cache misses only), for the admin monitor. */
export interface VoiceProviderMetricsTable {
  id: string;
  provider: string;
  user_id: string | null;
  /** Our request id (the HTTP request that asked). */
  request_id: string;
  provider_request_id: string | null;
  voice_id: string;
  voice_name: string;
  character_count: number;
  /** Milliseconds from the call to the end of the audio. */
  latency_ms: number;
  /** Milliseconds from the call to the first audio byte, when there was one. */
  first_byte_ms: number | null;
  status: 'success' | 'error';
  error: string | null;
  credits_used: number | null;
  /** What the request cost the operator in USD (0 for the engines on this server); migration 0010. */
  cost_usd: number;
  endpoint: string;
  model_id: string | null;
  /** JSON: { voice_settings: { stability, similarity_boost, speed } }. */
  request_metadata: string;
  created_at: string;
}

/**
 * Sums of the metric rows per clock hour (UTC), voice and engine, kept by a trigger (migration
 * 0019) for the admin monitor. Sums come back as strings from PostgreSQL: read them with Number().
 */
export interface VoiceProviderMetricsHourlyTable {
  /** "YYYY-MM-DDTHH:00:00.000Z". */
  hour_start: string;
  voice_id: string;
  provider: string;
  /** The voice's name on the newest row of the hour. */
  voice_name: string;
  requests: number;
  errors: number;
  characters: number;
  latency_ms: number;
  /** Sums of the requests' stability and similarity settings. */
  stability: number;
  similarity: number;
  cost_usd: number;
}

/** Sums per clock hour and engine (migration 0020): the monitor's cards, trends and chart. */
export interface VoiceProviderMetricsHourlyTotalsTable {
  hour_start: string;
  provider: string;
  requests: number;
  errors: number;
  characters: number;
  latency_ms: number;
  stability: number;
  similarity: number;
  cost_usd: number;
}

/** Sums per UTC day, voice and engine (migration 0020): the monitor's top voices. */
export interface VoiceProviderMetricsDailyVoicesTable {
  /** "YYYY-MM-DD". */
  day: string;
  voice_id: string;
  provider: string;
  voice_name: string;
  requests: number;
  characters: number;
}

export interface VoicesTables {
  voices: VoicesTable;
  voice_permissions: VoicePermissionsTable;
  voice_provider_metrics: VoiceProviderMetricsTable;
  voice_provider_metrics_hourly: VoiceProviderMetricsHourlyTable;
  voice_provider_metrics_hourly_totals: VoiceProviderMetricsHourlyTotalsTable;
  voice_provider_metrics_daily_voices: VoiceProviderMetricsDailyVoicesTable;
}
