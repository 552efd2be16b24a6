import { z } from 'zod';
import { VOICE_ENGINES } from './voices';

/**
 * The admin voice-provider monitor (docs/glossary.md#admin-monitor; its constants in
 * docs/glossary.md#constants "Monitor"; docs/decisions/220-voice-provider-monitor.md).
 */

/** 24 hours (default), 7 days, 30 days. */
export const MONITOR_RANGES = ['24h', '7d', '30d'] as const;
export type MonitorRange = (typeof MONITOR_RANGES)[number];
export const MONITOR_DEFAULT_RANGE: MonitorRange = '24h';
export const MONITOR_RANGE_HOURS: Record<MonitorRange, number> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
};
export const MONITOR_RANGE_LABELS: Record<MonitorRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** 30000, 60000 (default), 300000 ms. */
export const MONITOR_REFRESH_INTERVALS_MS = [30_000, 60_000, 300_000] as const;
export const MONITOR_DEFAULT_REFRESH_MS = 60_000;

/** docs/glossary.md#constants "Monitor". */
export const MONITOR_LIMITS = {
  hourlyBuckets: 24,
  topVoices: 10,
  recentRequests: 20,
  errorText: 30,
  voiceId: 6,
  userId: 8,
} as const;

/** Open real-time streams one admin may hold at once (tabs and windows). */
export const MONITOR_MAX_STREAMS_PER_ADMIN = 3;

export const MONITOR_TEXTS = {
  noData: 'No data for selected time range',
  noVoices: 'No voice usage data for selected time range',
  noRecent: 'No recent requests in selected time range',
  loading: (provider: string) => `Loading ${provider} API metrics...`,
  tooManyStreams: 'Too many open real-time monitors. Close one and try again.',
} as const;

/** Cuts an error text to 30 characters. */
export function shortError(error: string | null): string | null {
  return error === null ? null : error.slice(0, MONITOR_LIMITS.errorText);
}

export const monitorQuerySchema = z.object({
  range: z.enum(MONITOR_RANGES).default(MONITOR_DEFAULT_RANGE),
});
export type MonitorQuery = z.infer<typeof monitorQuerySchema>;

const windowSchema = z.object({
  range: z.enum(MONITOR_RANGES),
  /** ISO-8601 UTC; the range is [from, to). */
  from: z.string(),
  to: z.string(),
});

const engineSchema = z.enum(VOICE_ENGINES);

export const monitorProviderSchema = z.object({
  engine: engineSchema,
  label: z.string(),
  /** What 1,000 characters cost the operator on this engine, USD (0 for the offline engines). */
  usdPer1000Characters: z.number().nonnegative(),
});

export const monitorProvidersSchema = z.object({
  /** The configured engines. */
  providers: z.array(monitorProviderSchema),
  /** How the page's texts name the provider ("ElevenLabs", or "voice provider" for several). */
  name: z.string(),
});
export type MonitorProviders = z.infer<typeof monitorProvidersSchema>;

export const monitorCardsSchema = windowSchema.extend({
  totalRequests: z.number().int().nonnegative(),
  totalCharacters: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** Percent, one decimal (0 when there were no requests). */
  successRate: z.number().nonnegative(),
  /** Seconds, two decimals. */
  averageLatencySeconds: z.number().nonnegative(),
  /** Averages of the voice settings sent (0.5 when a request had none), two decimals. */
  averageStability: z.number().nonnegative(),
  averageSimilarity: z.number().nonnegative(),
  /** USD, to a hundredth of a cent. */
  totalCostUsd: z.number().nonnegative(),
  /** USD per character (unrounded: it is tiny). */
  costPerCharacterUsd: z.number().nonnegative(),
  /** The same figures per engine, most requests first. */
  byEngine: z.array(
    z.object({
      engine: z.string(),
      requests: z.number().int().nonnegative(),
      characters: z.number().int().nonnegative(),
      costUsd: z.number().nonnegative(),
    }),
  ),
});
export type MonitorCards = z.infer<typeof monitorCardsSchema>;

const trendSchema = z.object({
  requests: z.number().int().nonnegative(),
  characters: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative(),
});

/** Rolling windows ending now: the last 24 hours, 7 days and 30 days (whatever the range). */
export const monitorTrendsSchema = z.object({
  to: z.string(),
  daily: trendSchema,
  weekly: trendSchema,
  monthly: trendSchema,
});
export type MonitorTrends = z.infer<typeof monitorTrendsSchema>;

export const monitorHourlySchema = windowSchema.extend({
  /**
   * At most 24 buckets, one per hour of the day (UTC). For the 24-hour range each bucket is one
   * clock hour and they run oldest first; for the longer ranges they total that hour over every
   * day, 00:00 first. Hours with no requests are left out.
   */
  buckets: z.array(
    z.object({
      /** 0-23, UTC. */
      hour: z.number().int().min(0).max(23),
      requests: z.number().int().nonnegative(),
      characters: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
    }),
  ),
});
export type MonitorHourly = z.infer<typeof monitorHourlySchema>;

export const monitorTopVoicesSchema = windowSchema.extend({
  voices: z.array(
    z.object({
      /** The voice's display name now (its name at the time when the voice is gone). */
      name: z.string(),
      /** The first 6 characters of the voice id. */
      shortId: z.string(),
      requests: z.number().int().nonnegative(),
      characters: z.number().int().nonnegative(),
      /** Share of the range's requests, percent with one decimal. */
      share: z.number().nonnegative(),
    }),
  ),
});
export type MonitorTopVoices = z.infer<typeof monitorTopVoicesSchema>;

export const monitorRecentRequestSchema = z.object({
  id: z.string(),
  time: z.string(),
  /** The first 8 characters of the user id, or null for a request with no user. */
  shortUserId: z.string().nullable(),
  voiceName: z.string(),
  characters: z.number().int().nonnegative(),
  /** Seconds, two decimals. */
  latencySeconds: z.number().nonnegative(),
  success: z.boolean(),
  /** The error cut at 30 characters, or null. */
  error: z.string().nullable(),
});
export type MonitorRecentRequest = z.infer<typeof monitorRecentRequestSchema>;

export const monitorRecentSchema = windowSchema.extend({
  requests: z.array(monitorRecentRequestSchema),
});
export type MonitorRecent = z.infer<typeof monitorRecentSchema>;
