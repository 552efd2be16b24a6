/**
 * The signed-in benchmarks' readings: every seeded user gets a page of readings, newest a minute
 * apart, written straight into the server's database (SQLite file or PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { SeededUser } from '../server/src/test/real-server';

const COLUMNS = `id, user_id, text, audio_key, voice_id, voice_name, voice_gender, voice_accent,
  voice_age, created_at, duration, character_count, script_id, size_bytes, settings, is_deleted,
  deleted_at, updated_at`;
const SETTINGS = '{"speed":1,"stability":0.5,"similarity":0.75}';

/** `perUser` readings for each of `users` in the SQLite file, in one transaction. */
export function seedReadingsInSqlite(file: string, users: SeededUser[], perUser: number): void {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into generations (${COLUMNS})
     values (?, ?, ?, ?, 'bench-voice', 'Rupert', 'male', 'British', 'adult', ?, 2.5, ?, null,
       40000, '${SETTINGS}', 0, null, ?)`,
  );
  const base = Date.now() - perUser * 60_000;
  db.transaction(() => {
    for (const u of users) {
      for (let i = 0; i < perUser; i++) {
        const id = randomUUID();
        const at = new Date(base + i * 60_000).toISOString();
        const text = `To be, or not to be, that is the question (take ${i}).`;
        insert.run(id, u.id, text, `${u.id}/${id}.mp3`, at, text.length, at);
      }
    }
  })();
  db.close();
}

/** The same readings for every user whose email starts with `bench-`, in one statement. */
export async function seedReadingsInPostgres(databaseUrl: string, perUser: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into generations (${COLUMNS})
       select gen_random_uuid()::text, u.id, t.text, u.id || '/' || i || '.mp3', 'bench-voice',
         'Rupert', 'male', 'British', 'adult', t.at, 2.5, length(t.text), null, 40000,
         '${SETTINGS}', 0, null, t.at
       from users u cross join generate_series(1, $1::int) i
       cross join lateral (select to_char((now() - i * interval '1 minute') at time zone 'UTC',
         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
         'To be, or not to be, that is the question (take ' || ($1::int - i) || ').' as text) t
       where u.email like 'bench-%'`,
      [perUser],
    );
  } finally {
    await client.end();
  }
}
