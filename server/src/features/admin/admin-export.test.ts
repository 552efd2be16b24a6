import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { createUser, type TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import { EXPORT_COLUMNS } from './admin-export.service';

const NOW = '2026-03-15T12:00:00.000Z';

describe('GET /api/admin/users/export.csv', () => {
  let t: TestApp, admin: TestUser;
  withAdminTestApp({ now: NOW, user: false }, (s) => ({ t, admin } = s));

  const exportCsv = (qs = '', who: TestUser = admin) =>
    t.request({ method: 'GET', url: `/api/admin/users/export.csv${qs}`, cookie: who.cookie });

  it('streams every matching user with the spec columns, quoted and formula-safe, and logs it', async () => {
    const evilId = newId();
    await t.db.kysely
      .insertInto('users')
      .values({
        id: evilId,
        email: '=cmd@example.com',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: NOW,
        last_sign_in_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    // Readings this month and last month in the ledger, and 1,100 more users (3 batches).
    const charge = (month: string, characters: number) => ({
      id: newId(),
      user_id: evilId,
      month,
      kind: 'charge' as const,
      action: 'generation',
      voice_id: 'v',
      character_count: characters,
      idempotency_key: null,
      request_key: null,
      refund_of: null,
      duration: null,
      metadata: '{}',
      created_at: NOW,
    });
    await t.db.kysely
      .insertInto('usage_ledger')
      .values([charge('2026-03', 40), charge('2026-03', 60), charge('2026-02', 7)])
      .execute();
    const many = Array.from({ length: 1100 }, (_, i) => ({
      id: newId(),
      email: `bulk${String(i).padStart(4, '0')}@example.com`,
      created_at: new Date(Date.parse('2025-06-01T00:00:00.000Z') + i * 1000).toISOString(),
      updated_at: NOW,
    }));
    for (let i = 0; i < many.length; i += 200) {
      await t.db.kysely
        .insertInto('users')
        .values(many.slice(i, i + 200))
        .execute();
    }

    const res = await exportCsv();
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="doublecast-users-2026-03-15.csv"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual([...EXPORT_COLUMNS]);
    expect(records).toHaveLength(1 + 1 + 1100 + 1);
    const ids = records.slice(1).map((r) => r[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const evil = records.find((r) => r[1] === evilId)!;
    expect(Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, evil[i]]))).toEqual({
      Email: "'=cmd@example.com",
      'User ID': evilId,
      'Sign-up Date': '2026-01-01T00:00:00.000Z',
      'Days Since Sign-up': '73',
      'Last Sign-in': '2026-03-01T00:00:00.000Z',
      'Days Since Last Sign-in': '14',
      'Subscription Status': 'inactive',
      Tier: 'free',
      'Override Status': 'none',
      Recordings: '0',
      // Every figure of characters from the one ledger: this month's and last month's.
      'Total Characters': '107',
      'First Recording': '',
      'Last Recording': '',
      'Activity Status': 'active',
      'Avg Recordings / Week': '0',
      'Avg Characters / Week': '10.26',
      'Current Month Recordings': '2',
      'Current Month Characters': '100',
      'Last Month Recordings': '1',
      'Last Month Characters': '7',
    });

    const logs = await t.request({
      method: 'GET',
      url: '/api/admin/logs?action=users_exported',
      cookie: admin.cookie,
    });
    expect(logs.json().entries[0]).toMatchObject({
      adminId: admin.id,
      metadata: { filters: { q: null, status: 'all', tier: 'all', activity: 'all' } },
    });
  });

  it('applies the same filters as the list', async () => {
    const res = await exportCsv('?q=bulk00');
    const records = parse(res.body) as string[][];
    expect(records.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 100 }, (_, i) => `bulk00${String(i).padStart(2, '0')}@example.com`),
    );
  });

  it('refuses plain users (403) and bad filters (400), logging nothing', async () => {
    const user = await createUser(t);
    expect((await exportCsv('', user)).statusCode).toBe(403);
    expect((await exportCsv('?tier=gold')).statusCode).toBe(400);
    const logs = await t.request({
      method: 'GET',
      url: '/api/admin/logs?action=users_exported',
      cookie: admin.cookie,
    });
    expect(logs.json().entries).toHaveLength(2);
  });
});
