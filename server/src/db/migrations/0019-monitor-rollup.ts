import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The voice-provider monitor's hourly rollup (docs/decisions/220-voice-provider-monitor.md):
 * one row per clock hour (UTC), voice and engine with the sums the monitor's panels need, kept by
 * a trigger on `voice_provider_metrics` (every writer of a metric row is counted, in the writer's
 * own transaction, as 0014 does for readings). The panels read full hours from here and only the
 * partial hours at the ends of their range from the metric rows, so a 30-day range over a million
 * rows sums a few thousand rows instead.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('voice_provider_metrics_hourly')
    // "YYYY-MM-DDTHH:00:00.000Z": sorts as text on both databases, like created_at.
    .addColumn('hour_start', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('voice_name', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('errors', 'bigint', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('latency_ms', 'bigint', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('cost_usd', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('voice_provider_metrics_hourly_pk', [
      'hour_start',
      'voice_id',
      'provider',
    ])
    .execute();

  // Metric rows made before this migration.
  await fillHourlyRollup(db, dialect);

  const setting = settingOf(dialect);
  const countMetric = sql`
    INSERT INTO voice_provider_metrics_hourly
      (hour_start, voice_id, provider, voice_name, requests, errors, characters, latency_ms,
       stability, similarity, cost_usd)
    VALUES (substr(NEW.created_at, 1, 13) || ':00:00.000Z', NEW.voice_id, NEW.provider,
      NEW.voice_name, 1, CASE WHEN NEW.status = 'error' THEN 1 ELSE 0 END, NEW.character_count,
      NEW.latency_ms, ${setting('NEW', 'stability')}, ${setting('NEW', 'similarity_boost')},
      NEW.cost_usd)
    ON CONFLICT (hour_start, voice_id, provider) DO UPDATE SET
      voice_name = excluded.voice_name,
      requests = voice_provider_metrics_hourly.requests + 1,
      errors = voice_provider_metrics_hourly.errors + excluded.errors,
      characters = voice_provider_metrics_hourly.characters + excluded.characters,
      latency_ms = voice_provider_metrics_hourly.latency_ms + excluded.latency_ms,
      stability = voice_provider_metrics_hourly.stability + excluded.stability,
      similarity = voice_provider_metrics_hourly.similarity + excluded.similarity,
      cost_usd = voice_provider_metrics_hourly.cost_usd + excluded.cost_usd;`;
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION voice_provider_metrics_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${countMetric} RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER voice_provider_metrics_rollup AFTER INSERT ON voice_provider_metrics
      FOR EACH ROW EXECUTE FUNCTION voice_provider_metrics_count()`.execute(db);
  } else {
    await sql`CREATE TRIGGER voice_provider_metrics_rollup AFTER INSERT ON voice_provider_metrics
      BEGIN ${countMetric} END`.execute(db);
  }
}

/** A request's voice setting from its JSON metadata (0.5 when it has none, docs/glossary.md#constants). */
const settingOf = (dialect: Dialect) => (row: string, key: 'stability' | 'similarity_boost') =>
  dialect === 'postgres'
    ? sql.raw(
        `coalesce((${row}.request_metadata::jsonb #>> '{voice_settings,${key}}')::double precision, 0.5)`,
      )
    : sql.raw(`coalesce(json_extract(${row}.request_metadata, '$.voice_settings.${key}'), 0.5)`);

/**
 * Sums the metric rows into the (empty) hourly rollup: what the trigger would have written for
 * them. Also used by bench/monitor.bench.ts after a bulk seed with the triggers off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
export async function fillHourlyRollup(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const setting = settingOf(dialect);
  await sql`
    INSERT INTO voice_provider_metrics_hourly
      (hour_start, voice_id, provider, voice_name, requests, errors, characters, latency_ms,
       stability, similarity, cost_usd)
    SELECT substr(m.created_at, 1, 13) || ':00:00.000Z', m.voice_id, m.provider, max(m.voice_name),
      count(*), sum(CASE WHEN m.status = 'error' THEN 1 ELSE 0 END), sum(m.character_count),
      sum(m.latency_ms), sum(${setting('m', 'stability')}),
      sum(${setting('m', 'similarity_boost')}), sum(m.cost_usd)
    FROM voice_provider_metrics m
    GROUP BY substr(m.created_at, 1, 13), m.voice_id, m.provider
  `.execute(db);
}
