import { sql } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * The admin's character figures from one ledger (issue 33): `users.characters_total` was added
 * up from the Studio's readings (`generations`), while "this month" came from the usage ledger,
 * which also holds rehearsal's charges and every refund, so the two disagreed. From here a
 * trigger on `usage_ledger` keeps the total (a charge adds, a refund subtracts), in the
 * writer's own transaction; the trigger on `generations` keeps the recordings' count and dates
 * only. Existing totals are summed from the ledger once.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  const countReading = sql`
    UPDATE users SET
      recordings_count = recordings_count + 1,
      first_recording_at = CASE WHEN first_recording_at IS NULL OR NEW.created_at < first_recording_at
        THEN NEW.created_at ELSE first_recording_at END,
      last_recording_at = CASE WHEN last_recording_at IS NULL OR NEW.created_at > last_recording_at
        THEN NEW.created_at ELSE last_recording_at END
    WHERE id = NEW.user_id;`;
  const countCharacters = sql`
    UPDATE users SET characters_total = characters_total + NEW.character_count
    WHERE id = NEW.user_id;`;
  if (dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION users_count_reading() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${countReading} RETURN NULL; END $$`.execute(db);
    await sql`CREATE FUNCTION users_count_characters() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${countCharacters} RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER usage_ledger_count_characters AFTER INSERT ON usage_ledger
      FOR EACH ROW EXECUTE FUNCTION users_count_characters()`.execute(db);
  } else {
    await sql`DROP TRIGGER generations_count_reading`.execute(db);
    await sql`CREATE TRIGGER generations_count_reading AFTER INSERT ON generations
      BEGIN ${countReading} END`.execute(db);
    await sql`CREATE TRIGGER usage_ledger_count_characters AFTER INSERT ON usage_ledger
      BEGIN ${countCharacters} END`.execute(db);
  }
  await sql`
    UPDATE users SET characters_total =
      (SELECT coalesce(sum(l.character_count), 0) FROM usage_ledger l WHERE l.user_id = users.id)
  `.execute(db);
}
