import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from './connection';
import { migrateToLatest } from './migrate';

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
});
