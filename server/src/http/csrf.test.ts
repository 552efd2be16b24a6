import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../app';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * docs/glossary.md#S4, generated from the route table: every state-changing route refuses three forged
 * variants with 403 and writes nothing, even for a signed-in admin.
 */
describe('CSRF guard on every mutating route', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', tier: 'paid' });
  });
  afterAll(async () => {
    await t.close();
  });

  const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await t.db.kysely.introspection.getTables();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      if (table.name.startsWith('kysely_')) continue;
      const r = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table.name)}`.execute(t.db.kysely);
      counts[table.name] = Number(r.rows[0]?.n ?? 0);
    }
    return counts;
  }

  it('covers at least the foundation routes', () => {
    const urls = t.app.routeTable.filter((r) => MUTATING.has(r.method)).map((r) => r.url);
    expect(urls).toContain('/api/contact-messages');
    expect(urls).toContain('/api/events');
  });

  it('refuses forged requests with 403 and no write', async () => {
    const routes = t.app.routeTable.filter(
      (r) => MUTATING.has(r.method) && r.url !== STRIPE_WEBHOOK_PATH,
    );
    const before = await rowCounts();
    for (const route of routes) {
      const url = route.url
        .replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000')
        .replace(/\*$/, 'x');
      const variants: { name: string; headers: Record<string, string>; payload: string }[] = [
        {
          name: 'cross-site JSON',
          headers: {
            'content-type': 'application/json',
            'sec-fetch-site': 'cross-site',
            origin: 'https://evil.example',
          },
          payload: '{}',
        },
        {
          name: 'form post from a foreign origin',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://evil.example',
          },
          payload: 'a=1',
        },
        {
          name: 'text/plain same-site',
          headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site' },
          payload: '{}',
        },
      ];
      for (const v of variants) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...v.headers, cookie: admin.cookie },
          payload: v.payload,
        });
        expect(res.statusCode, `${route.method} ${route.url}: ${v.name}`).toBe(403);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});
