import {
  MONITOR_LIMITS,
  MONITOR_RANGE_HOURS,
  shortError,
  type MonitorCards,
  type MonitorHourly,
  type MonitorProviders,
  type MonitorRange,
  type MonitorRecent,
  type MonitorRecentRequest,
  type MonitorTopVoices,
  type MonitorTrends,
} from '@doublecast/common/monitor';
import { errorRatePercent, roundUsd } from '@doublecast/common/admin';
import { VOICE_ENGINE_LABELS, type VoiceEngineName } from '@doublecast/common/voices';
import type { AppContext } from '../../../app-context';
import {
  availableProviderVoiceIds,
  metricById,
  recentMetrics,
  sumsByEngine,
  sumsByHourOfDay,
  topVoices,
  trendSums,
  type MonitorWindow,
} from './monitor.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const HOUR_MS = 3600_000;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The range ending now: [now - hours, now + 1 ms), so a row stamped this very millisecond counts. */
export function windowOf(ctx: Pick<AppContext, 'clock'>, range: MonitorRange) {
  const now = ctx.clock.now().getTime();
  return {
    range,
    from: new Date(now - MONITOR_RANGE_HOURS[range] * HOUR_MS).toISOString(),
    to: new Date(now + 1).toISOString(),
  };
}

async function totals(ctx: Ctx, w: MonitorWindow) {
  const engines = await sumsByEngine(ctx.db.kysely, ctx.db.dialect, w);
  const sum = (key: 'requests' | 'errors' | 'characters' | 'latencyMs' | 'costUsd') =>
    engines.reduce((s, e) => s + e[key], 0);
  return { engines, sum };
}

export async function getCards(ctx: Ctx, range: MonitorRange): Promise<MonitorCards> {
  const w = windowOf(ctx, range);
  const { engines, sum } = await totals(ctx, w);
  const requests = sum('requests');
  const errors = sum('errors');
  const characters = sum('characters');
  const cost = sum('costUsd');
  const avg = (total: number) => (requests ? round2(total / requests) : 0);
  return {
    ...w,
    totalRequests: requests,
    totalCharacters: characters,
    errors,
    successRate: requests ? Math.round((100 - errorRatePercent(errors, requests)) * 10) / 10 : 0,
    averageLatencySeconds: avg(sum('latencyMs') / 1000),
    averageStability: avg(engines.reduce((s, e) => s + e.stability, 0)),
    averageSimilarity: avg(engines.reduce((s, e) => s + e.similarity, 0)),
    totalCostUsd: roundUsd(cost),
    costPerCharacterUsd: characters ? cost / characters : 0,
    byEngine: engines.map((e) => ({
      engine: e.provider,
      requests: e.requests,
      characters: e.characters,
      costUsd: roundUsd(e.costUsd),
    })),
  };
}

export async function getTrends(ctx: Ctx): Promise<MonitorTrends> {
  const { to } = windowOf(ctx, '24h');
  const sums = await trendSums(
    ctx.db.kysely,
    (['24h', '7d', '30d'] as const).map((key) => ({ key, from: windowOf(ctx, key).from })),
    to,
  );
  const trend = (key: MonitorRange) => ({ ...sums[key], costUsd: roundUsd(sums[key].costUsd) });
  return { to, daily: trend('24h'), weekly: trend('7d'), monthly: trend('30d') };
}

export async function getHourly(ctx: Ctx, range: MonitorRange): Promise<MonitorHourly> {
  const w = windowOf(ctx, range);
  const rows = await sumsByHourOfDay(ctx.db.kysely, ctx.db.dialect, w);
  // The 24-hour range runs oldest first, ending with the current hour; longer ranges 00:00 first.
  const last = ctx.clock.now().getUTCHours();
  const order = (h: number) => (range === '24h' ? (h - last + 23) % 24 : h);
  const buckets = rows
    .sort((x, y) => order(x.hour) - order(y.hour))
    .slice(0, MONITOR_LIMITS.hourlyBuckets);
  return { ...w, buckets };
}

export async function getTopVoices(ctx: Ctx, range: MonitorRange): Promise<MonitorTopVoices> {
  const w = windowOf(ctx, range);
  const { total, voices } = await topVoices(
    ctx.db.kysely,
    ctx.db.dialect,
    w,
    MONITOR_LIMITS.topVoices,
  );
  return {
    ...w,
    voices: voices.map((v) => ({
      name: v.name,
      shortId: v.voiceId.slice(0, MONITOR_LIMITS.voiceId),
      requests: v.requests,
      characters: v.characters,
      share: total ? Math.round((v.requests / total) * 1000) / 10 : 0,
    })),
  };
}

type MetricRow = NonNullable<Awaited<ReturnType<typeof metricById>>>;

export function recentRequestOf(r: MetricRow): MonitorRecentRequest {
  return {
    id: r.id,
    time: r.created_at,
    shortUserId: r.user_id === null ? null : r.user_id.slice(0, MONITOR_LIMITS.userId),
    voiceName: r.voice_name,
    characters: r.character_count,
    latencySeconds: round2(r.latency_ms / 1000),
    success: r.status === 'success',
    error: shortError(r.error),
  };
}

export async function getRecent(ctx: Ctx, range: MonitorRange): Promise<MonitorRecent> {
  const w = windowOf(ctx, range);
  const rows = await recentMetrics(ctx.db.kysely, w, MONITOR_LIMITS.recentRequests);
  return { ...w, requests: rows.map(recentRequestOf) };
}

export async function getRecentRequest(ctx: Ctx, id: string): Promise<MonitorRecentRequest | null> {
  const row = await metricById(ctx.db.kysely, id);
  return row ? recentRequestOf(row) : null;
}

/**
 * The configured engines with their prices, and the name the page's texts give the provider:
 * the one outside engine when it is the only engine, else "voice provider" (docs/glossary.md#provider-names).
 */
export async function getProviders(
  ctx: Pick<AppContext, 'db' | 'voiceEngine'>,
): Promise<MonitorProviders> {
  const engine = ctx.voiceEngine;
  const members = new Map<string, { name: VoiceEngineName; usd: number }>();
  members.set(engine.name, { name: engine.name, usd: engine.usdPer1000Characters ?? 0 });
  for (const id of await availableProviderVoiceIds(ctx.db.kysely, engine.name)) {
    const m = engine.engineFor?.(id) ?? engine;
    members.set(m.name, { name: m.name, usd: m.usdPer1000Characters ?? 0 });
  }
  const providers = [...members.values()].map((m) => ({
    engine: m.name,
    label: VOICE_ENGINE_LABELS[m.name],
    usdPer1000Characters: m.usd,
  }));
  const only = providers.length === 1 ? providers[0]! : null;
  return {
    providers,
    name: only && only.engine !== 'local' ? only.label : 'voice provider',
  };
}
