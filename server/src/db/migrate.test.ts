import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from './connection';
import { migrateToLatest, type MigrationDb } from './migrate';

describe('migrations landing out of order', () => {
  it('runs 0010 on a database that already ran 0014, and prices the ElevenLabs rows made before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-migrate-'));
    const db = connect({ sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      // 0019 and 0020 read 0010's cost column, and landed after it: no database has one without
      // the other.
      await migrateToLatest(db, {
        skip: ['0010-provider-costs', '0019-monitor-rollup', '0020-monitor-coarse-rollups'],
      });
      for (const [id, provider] of [
        ['a', 'elevenlabs'],
        ['b', 'local'],
      ])
        await sql`INSERT INTO voice_provider_metrics (id, provider, request_id, voice_id, voice_name,
          character_count, latency_ms, status, endpoint, request_metadata, created_at)
          VALUES (${id}, ${provider}, 'r', 'v', 'Tom', 1000, 1, 'success', 'tts', '{}', '2026-01-01')`.execute(
          db.kysely,
        );
      await migrateToLatest(db);
      const rows = await db.kysely
        .selectFrom('voice_provider_metrics')
        .select(['id', 'cost_usd'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'a', cost_usd: 0.18 },
        { id: 'b', cost_usd: 0 },
      ]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("0050 sums each user's characters from the usage ledger, then keeps them from it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-migrate-'));
    const db = connect({ sqliteFile: path.join(dir, 'db.sqlite') });
    const at = '2026-03-10T00:00:00.000Z';
    const ledger = (id: string, kind: string, characters: number, refundOf: string | null) =>
      sql`INSERT INTO usage_ledger (id, user_id, month, kind, action, character_count, refund_of,
        created_at) VALUES (${id}, 'u1', '2026-03', ${kind}, 'rehearsal', ${characters},
        ${refundOf}, ${at})`.execute(db.kysely);
    const reading = (id: string, characters: number) =>
      sql`INSERT INTO generations (id, user_id, text, audio_key, voice_id, voice_name, created_at,
        character_count, updated_at) VALUES (${id}, 'u1', 'x', 'k', 'v', 'Tom', ${at},
        ${characters}, ${at})`.execute(db.kysely);
    const totals = async () =>
      (
        await sql<{ recordings_count: number; characters_total: number }>`
          SELECT recordings_count, characters_total FROM users WHERE id = 'u1'`.execute(db.kysely)
      ).rows[0];
    try {
      await migrateToLatest(db, { skip: ['0050-characters-total-from-ledger'] });
      await sql`INSERT INTO users (id, email, created_at, updated_at)
        VALUES ('u1', 'u1@example.com', ${at}, ${at})`.execute(db.kysely);
      await ledger('c1', 'charge', 500, null);
      await reading('g1', 500);
      await ledger('c2', 'charge', 70, null);
      await ledger('r2', 'refund', -70, 'c2');
      await ledger('c3', 'charge', 30, null);
      // Before 0050 the total counted the Studio's readings only.
      expect(await totals()).toEqual({ recordings_count: 1, characters_total: 500 });
      await migrateToLatest(db);
      expect(await totals()).toEqual({ recordings_count: 1, characters_total: 530 });
      await ledger('c4', 'charge', 12, null);
      await reading('g4', 12);
      expect(await totals()).toEqual({ recordings_count: 2, characters_total: 542 });
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves nothing of a migration that fails half-way', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-migrate-'));
    const db = connect({ sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(db);
      const failing = {
        '9999-half-made': {
          up: async (trx: MigrationDb) => {
            await trx.schema.createTable('half_made').addColumn('id', 'text').execute();
            await sql`UPDATE users SET email = 'changed'`.execute(trx);
            throw new Error('the second step failed');
          },
        },
      };
      await sql`INSERT INTO users (id, email, created_at, updated_at)
        VALUES ('u1', 'u1@example.com', 'x', 'x')`.execute(db.kysely);
      await expect(migrateToLatest(db, { extra: failing })).rejects.toThrow(/9999-half-made/);
      const tables = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE name = 'half_made'`.execute(db.kysely);
      expect(tables.rows).toEqual([]);
      const users = await sql<{ email: string }>`SELECT email FROM users`.execute(db.kysely);
      expect(users.rows).toEqual([{ email: 'u1@example.com' }]);
      const ran = await sql<{ name: string }>`
        SELECT name FROM kysely_migration WHERE name = '9999-half-made'`.execute(db.kysely);
      expect(ran.rows).toEqual([]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
