import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Two coarser rollups beside 0019's hourly rows per voice (docs/decisions/220): with a million
 * metric rows a 30-day panel still summed 720 hours x every voice. Both are kept by triggers on
 * `voice_provider_metrics`, in the writer's transaction, and filled from 0019's rows.
 * - `voice_provider_metrics_hourly_totals`: one row per clock hour and engine, for the cards,
 *   the trends and the hourly chart (720 hours x engines for 30 days).
 * - `voice_provider_metrics_daily_voices`: one row per UTC day, voice and engine, for the top
 *   voices over the whole days of a range (0019's hourly rows cover the hours around them).
 * On SQLite both are WITHOUT ROWID tables, so a range is one read along the primary key.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const clustered = dialect === 'sqlite' ? sql`WITHOUT ROWID` : sql``;
  await db.schema
    .createTable('voice_provider_metrics_hourly_totals')
    .addColumn('hour_start', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('errors', 'bigint', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('latency_ms', 'bigint', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('cost_usd', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('voice_provider_metrics_hourly_totals_pk', ['hour_start', 'provider'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('voice_provider_metrics_daily_voices')
    // "YYYY-MM-DD" (UTC).
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('voice_name', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('voice_provider_metrics_daily_voices_pk', [
      'day',
      'voice_id',
      'provider',
    ])
    .modifyEnd(clustered)
    .execute();

  await fillCoarseRollups(db);

  const setting = (key: 'stability' | 'similarity_boost') =>
    dialect === 'postgres'
      ? sql.raw(
          `coalesce((NEW.request_metadata::jsonb #>> '{voice_settings,${key}}')::double precision, 0.5)`,
        )
      : sql.raw(`coalesce(json_extract(NEW.request_metadata, '$.voice_settings.${key}'), 0.5)`);
  const countMetric = sql`
    INSERT INTO voice_provider_metrics_hourly_totals
      (hour_start, provider, requests, errors, characters, latency_ms, stability, similarity,
       cost_usd)
    VALUES (substr(NEW.created_at, 1, 13) || ':00:00.000Z', NEW.provider, 1,
      CASE WHEN NEW.status = 'error' THEN 1 ELSE 0 END, NEW.character_count, NEW.latency_ms,
      ${setting('stability')}, ${setting('similarity_boost')}, NEW.cost_usd)
    ON CONFLICT (hour_start, provider) DO UPDATE SET
      requests = voice_provider_metrics_hourly_totals.requests + 1,
      errors = voice_provider_metrics_hourly_totals.errors + excluded.errors,
      characters = voice_provider_metrics_hourly_totals.characters + excluded.characters,
      latency_ms = voice_provider_metrics_hourly_totals.latency_ms + excluded.latency_ms,
      stability = voice_provider_metrics_hourly_totals.stability + excluded.stability,
      similarity = voice_provider_metrics_hourly_totals.similarity + excluded.similarity,
      cost_usd = voice_provider_metrics_hourly_totals.cost_usd + excluded.cost_usd;
    INSERT INTO voice_provider_metrics_daily_voices
      (day, voice_id, provider, voice_name, requests, characters)
    VALUES (substr(NEW.created_at, 1, 10), NEW.voice_id, NEW.provider, NEW.voice_name, 1,
      NEW.character_count)
    ON CONFLICT (day, voice_id, provider) DO UPDATE SET
      voice_name = excluded.voice_name,
      requests = voice_provider_metrics_daily_voices.requests + 1,
      characters = voice_provider_metrics_daily_voices.characters + excluded.characters;`;
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION voice_provider_metrics_count_coarse() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN ${countMetric} RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER voice_provider_metrics_rollup_coarse
      AFTER INSERT ON voice_provider_metrics
      FOR EACH ROW EXECUTE FUNCTION voice_provider_metrics_count_coarse()`.execute(db);
  } else {
    await sql`CREATE TRIGGER voice_provider_metrics_rollup_coarse
      AFTER INSERT ON voice_provider_metrics BEGIN ${countMetric} END`.execute(db);
  }
}

/** Sums 0019's hourly rollup into the (empty) coarse ones (also used by bench/monitor.bench.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
export async function fillCoarseRollups(db: Kysely<any>): Promise<void> {
  await sql`
    INSERT INTO voice_provider_metrics_hourly_totals
      (hour_start, provider, requests, errors, characters, latency_ms, stability, similarity,
       cost_usd)
    SELECT hour_start, provider, sum(requests), sum(errors), sum(characters), sum(latency_ms),
      sum(stability), sum(similarity), sum(cost_usd)
    FROM voice_provider_metrics_hourly GROUP BY hour_start, provider`.execute(db);
  await sql`
    INSERT INTO voice_provider_metrics_daily_voices
      (day, voice_id, provider, voice_name, requests, characters)
    SELECT substr(hour_start, 1, 10), voice_id, provider, max(voice_name), sum(requests),
      sum(characters)
    FROM voice_provider_metrics_hourly GROUP BY substr(hour_start, 1, 10), voice_id, provider`.execute(
    db,
  );
}
