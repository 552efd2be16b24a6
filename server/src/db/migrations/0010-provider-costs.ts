import { sql } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * What each provider request cost the operator, in US dollars, so the dashboard's estimate is
 * right with several engines at once (docs/decisions/153-provider-cost-per-engine.md). The
 * `provider` column already names the engine that did the work. Rows made before are priced as
 * the estimate priced them: ElevenLabs at 0.18 USD per 1,000 characters, the offline engines free.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('voice_provider_metrics')
    .addColumn('cost_usd', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('voice_provider_metrics')
    .set({ cost_usd: sql`character_count * 0.18 / 1000` })
    .where('provider', '=', 'elevenlabs')
    .execute();
}
