import { sql, type RawBuilder } from 'kysely';
import type { Dialect, Executor } from '../../../db/connection';

/** Half-open range [from, to) of ISO-8601 UTC timestamps. */
export interface MonitorWindow {
  from: string;
  to: string;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Splits a window into the partial hours at its ends, read from the metric rows, and the whole
 * clock hours between them, read from a rollup: [from, a) raw, [a, b) rollup, [b, to) raw.
 */
export function splitWindow(w: MonitorWindow): { a: string; b: string } {
  const a = Math.ceil(Date.parse(w.from) / HOUR_MS) * HOUR_MS;
  const b = Math.floor(Date.parse(w.to) / HOUR_MS) * HOUR_MS;
  if (a >= b) return { a: w.to, b: w.to };
  return { a: new Date(a).toISOString(), b: new Date(b).toISOString() };
}

/** The whole UTC days inside [a, b), as "YYYY-MM-DD" bounds [da, db); da = db when none. */
export function wholeDays(a: string, b: string): { da: string; db: string } {
  const da = Math.ceil(Date.parse(a) / DAY_MS) * DAY_MS;
  const db = Math.floor(Date.parse(b) / DAY_MS) * DAY_MS;
  if (da >= db) return { da: b, db: b };
  return { da: new Date(da).toISOString(), db: new Date(db).toISOString() };
}

/** A request's voice setting from its JSON metadata (0.5 when it has none, docs/glossary.md#constants). */
function setting(dialect: Dialect, key: 'stability' | 'similarity_boost'): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`coalesce((request_metadata::jsonb #>> ${`{voice_settings,${key}}`})::double precision, 0.5)`
    : sql<number>`coalesce(json_extract(request_metadata, ${`$.voice_settings.${key}`}), 0.5)`;
}

/** The metric rows of [from, to) shaped as rollup rows of one request each. */
const rawRows = (dialect: Dialect, from: string, to: string) => sql`
    SELECT substr(created_at, 1, 13) || ':00:00.000Z' AS hour_start, voice_id, provider,
      voice_name, 1 AS requests, CASE WHEN status = 'error' THEN 1 ELSE 0 END AS errors,
      character_count AS characters, latency_ms, ${setting(dialect, 'stability')} AS stability,
      ${setting(dialect, 'similarity_boost')} AS similarity, cost_usd
    FROM voice_provider_metrics WHERE created_at >= ${from} AND created_at < ${to}`;

/**
 * Every request of the window as rows of sums per hour and engine (hour_start, provider,
 * requests, errors, characters, latency_ms, stability, similarity, cost_usd): the hourly totals'
 * whole hours (migration 0020) and the metric rows of the partial hours at both ends.
 */
function totalRows(dialect: Dialect, w: MonitorWindow): RawBuilder<unknown> {
  const { a, b } = splitWindow(w);
  const cols = sql`hour_start, provider, requests, errors, characters, latency_ms, stability,
    similarity, cost_usd`;
  return sql`(
    SELECT ${cols} FROM voice_provider_metrics_hourly_totals
    WHERE hour_start >= ${a} AND hour_start < ${b}
    UNION ALL SELECT ${cols} FROM (${rawRows(dialect, w.from, a)}) r1
    UNION ALL SELECT ${cols} FROM (${rawRows(dialect, b, w.to)}) r2
  ) r`;
}

/**
 * Every request of the window as rows of sums per voice (voice_id, voice_name, requests,
 * characters): whole days from the daily rollup (0020), the whole hours around them from the
 * hourly rollup (0019), the partial hours at the ends from the metric rows.
 */
function voiceRows(dialect: Dialect, w: MonitorWindow): RawBuilder<unknown> {
  const { a, b } = splitWindow(w);
  const { da, db } = wholeDays(a, b);
  const cols = sql`voice_id, voice_name, requests, characters`;
  const hourly = (from: string, to: string) => sql`
    SELECT ${cols} FROM voice_provider_metrics_hourly
    WHERE hour_start >= ${from} AND hour_start < ${to}`;
  return sql`(
    SELECT ${cols} FROM voice_provider_metrics_daily_voices
    WHERE day >= ${da.slice(0, 10)} AND day < ${db.slice(0, 10)}
    UNION ALL ${hourly(a, da)}
    UNION ALL ${hourly(db, b)}
    UNION ALL SELECT ${cols} FROM (${rawRows(dialect, w.from, a)}) r1
    UNION ALL SELECT ${cols} FROM (${rawRows(dialect, b, w.to)}) r2
  ) r`;
}

export interface EngineSums {
  provider: string;
  requests: number;
  errors: number;
  characters: number;
  latencyMs: number;
  stability: number;
  similarity: number;
  costUsd: number;
}

const n = (v: unknown) => Number(v ?? 0);

/** The window's sums per engine, most requests first. */
export async function sumsByEngine(
  db: Executor,
  dialect: Dialect,
  w: MonitorWindow,
): Promise<EngineSums[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT provider, sum(requests) AS requests, sum(errors) AS errors,
      sum(characters) AS characters, sum(latency_ms) AS latency_ms, sum(stability) AS stability,
      sum(similarity) AS similarity, sum(cost_usd) AS cost_usd
    FROM ${totalRows(dialect, w)}
    GROUP BY provider
    ORDER BY sum(requests) DESC, provider`.execute(db);
  return rows.map((r) => ({
    provider: String(r.provider),
    requests: n(r.requests),
    errors: n(r.errors),
    characters: n(r.characters),
    latencyMs: n(r.latency_ms),
    stability: n(r.stability),
    similarity: n(r.similarity),
    costUsd: n(r.cost_usd),
  }));
}

/**
 * Requests, characters and cost of several windows ending at the same `to`, in one statement:
 * the hourly totals of the widest window's whole hours count for every window they lie in
 * (tag 'all', compared by time), the partial hour at each window's start only for that window
 * (its tag), the partial hour before `to` for all.
 */
export async function trendSums<K extends string>(
  db: Executor,
  windows: { key: K; from: string }[],
  to: string,
): Promise<Record<K, { requests: number; characters: number; costUsd: number }>> {
  const b = new Date(Math.floor(Date.parse(to) / HOUR_MS) * HOUR_MS).toISOString();
  const starts = windows.map((w) => ({
    ...w,
    a: new Date(Math.ceil(Date.parse(w.from) / HOUR_MS) * HOUR_MS).toISOString(),
  }));
  const widest = starts.reduce((x, y) => (y.from < x.from ? y : x));
  const raw = (tag: string, from: string, until: string) => sql`
    SELECT created_at AS t, ${tag} AS tag, 1 AS requests, character_count AS characters, cost_usd
    FROM voice_provider_metrics WHERE created_at >= ${from} AND created_at < ${until}`;
  const rows = sql.join(
    [
      sql`SELECT hour_start AS t, 'all' AS tag, requests, characters, cost_usd
        FROM voice_provider_metrics_hourly_totals WHERE hour_start >= ${widest.a} AND hour_start < ${b}`,
      ...starts.map((w) => raw(w.key, w.from, w.a)),
      raw('all', b, to),
    ],
    sql` UNION ALL `,
  );
  const inWindow = (w: { key: string; from: string }) =>
    sql`(tag = ${w.key} OR (tag = 'all' AND t >= ${w.from}))`;
  const sums = sql.join(
    starts.flatMap((w, i) => [
      sql`sum(CASE WHEN ${inWindow(w)} THEN requests ELSE 0 END) AS ${sql.ref(`r${i}`)}`,
      sql`sum(CASE WHEN ${inWindow(w)} THEN characters ELSE 0 END) AS ${sql.ref(`c${i}`)}`,
      sql`sum(CASE WHEN ${inWindow(w)} THEN cost_usd ELSE 0 END) AS ${sql.ref(`u${i}`)}`,
    ]),
  );
  const { rows: result } = await sql<Record<string, unknown>>`
    SELECT ${sums} FROM (${rows}) r`.execute(db);
  const row = result[0] ?? {};
  return Object.fromEntries(
    starts.map((w, i) => [
      w.key,
      { requests: n(row[`r${i}`]), characters: n(row[`c${i}`]), costUsd: n(row[`u${i}`]) },
    ]),
  ) as Record<K, { requests: number; characters: number; costUsd: number }>;
}

/** Requests, characters and errors per hour of the day (UTC), hours with requests only. */
export async function sumsByHourOfDay(
  db: Executor,
  dialect: Dialect,
  w: MonitorWindow,
): Promise<{ hour: number; requests: number; characters: number; errors: number }[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT substr(hour_start, 12, 2) AS hour, sum(requests) AS requests,
      sum(characters) AS characters, sum(errors) AS errors
    FROM ${totalRows(dialect, w)}
    GROUP BY substr(hour_start, 12, 2)`.execute(db);
  return rows.map((r) => ({
    hour: Number(r.hour),
    requests: n(r.requests),
    characters: n(r.characters),
    errors: n(r.errors),
  }));
}

/** The `limit` voices with the most requests in the window, and the window's request total. */
export async function topVoices(
  db: Executor,
  dialect: Dialect,
  w: MonitorWindow,
  limit: number,
): Promise<{
  total: number;
  voices: { voiceId: string; name: string; requests: number; characters: number }[];
}> {
  // The display name the voice has now (an admin's rename shows), else its name at the time.
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.voice_id, t.requests, t.characters, t.total,
      coalesce(nullif(trim(v.display_name), ''), v.name, t.voice_name) AS name
    FROM (
      SELECT voice_id, max(voice_name) AS voice_name, sum(requests) AS requests,
        sum(characters) AS characters, sum(sum(requests)) OVER () AS total
      FROM ${voiceRows(dialect, w)}
      GROUP BY voice_id
      ORDER BY sum(requests) DESC, voice_id
      LIMIT ${limit}
    ) t
    LEFT JOIN voices v ON v.id = t.voice_id
    ORDER BY t.requests DESC, t.voice_id`.execute(db);
  return {
    total: rows.length ? n(rows[0]!.total) : 0,
    voices: rows.map((r) => ({
      voiceId: String(r.voice_id),
      name: String(r.name),
      requests: n(r.requests),
      characters: n(r.characters),
    })),
  };
}

/** What the recent-requests table shows of a metric row. */
const RECENT_COLUMNS = [
  'id',
  'created_at',
  'user_id',
  'voice_name',
  'character_count',
  'latency_ms',
  'status',
  'error',
] as const;

/** The newest `limit` metric rows of the window. */
export async function recentMetrics(db: Executor, w: MonitorWindow, limit: number) {
  return db
    .selectFrom('voice_provider_metrics')
    .select(RECENT_COLUMNS)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function metricById(db: Executor, id: string) {
  return db
    .selectFrom('voice_provider_metrics')
    .select(RECENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The provider voice ids of the catalogue's available voices (to find its engines). */
export async function availableProviderVoiceIds(db: Executor, provider: string): Promise<string[]> {
  const rows = await db
    .selectFrom('voices')
    .select('provider_voice_id')
    .where('provider', '=', provider)
    .where('available', '=', 1)
    .execute();
  return rows.map((r) => r.provider_voice_id);
}
