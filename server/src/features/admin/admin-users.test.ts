import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogListSchema,
  adminUserListSchema,
  adminUserDetailsSchema,
  type AdminUserRow,
} from '@doublecast/common/admin';
import { newId } from '../../lib/ids';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import { resolveTier, type TierRow } from '../billing/subscription.service';
import { ADMIN_USERS_COUNT_CAP, tierIs } from './admin-users.repository';

const NOW = '2026-03-15T12:00:00.000Z';
const DAY = 24 * 3600 * 1000;
const ago = (days: number, ms = 0) => new Date(Date.parse(NOW) - days * DAY - ms).toISOString();

type UserSeed = {
  email: string;
  createdAt?: string;
  lastSignInAt?: string | null;
  role?: 'user' | 'admin';
  tier?: 'free' | 'paid';
  status?: 'active' | 'inactive' | 'canceled' | 'past_due';
  subscriptionExpiresAt?: string | null;
  override?: { tier: 'free' | 'paid'; expiresAt: string | null; status?: string };
};

describe('admin users list', () => {
  let t: TestApp, admin: TestUser, plain: TestUser;
  withAdminTestApp(
    { now: NOW, admin: { email: 'zz-admin@example.com' }, user: { email: 'zz-plain@example.com' } },
    (s) => ({ t, admin, user: plain } = s),
  );

  const seed = async (u: UserSeed): Promise<string> => {
    const id = newId();
    await t.db.kysely
      .insertInto('users')
      .values({
        id,
        email: u.email,
        role: u.role ?? 'user',
        created_at: u.createdAt ?? ago(100),
        updated_at: NOW,
        last_sign_in_at: u.lastSignInAt ?? null,
        subscription_tier: u.tier ?? 'free',
        subscription_status: u.status ?? 'inactive',
        subscription_expires_at: u.subscriptionExpiresAt ?? null,
        override_status: u.override ? (u.override.status ?? 'active') : null,
        override_tier: u.override?.tier ?? null,
        override_expires_at: u.override?.expiresAt ?? null,
      })
      .execute();
    return id;
  };

  /** A ledger row as the allowance writes it; a refund names its charge. */
  const charge = async (
    userId: string,
    at: string,
    characters: number,
    options: { action?: 'generation' | 'rehearsal'; refundOf?: string } = {},
  ) => {
    const id = newId();
    await t.db.kysely
      .insertInto('usage_ledger')
      .values({
        id,
        user_id: userId,
        month: at.slice(0, 7),
        kind: options.refundOf ? 'refund' : 'charge',
        action: options.action ?? 'generation',
        voice_id: 'v',
        character_count: options.refundOf ? -characters : characters,
        idempotency_key: null,
        request_key: null,
        refund_of: options.refundOf ?? null,
        duration: null,
        metadata: '{}',
        created_at: at,
      })
      .execute();
    return id;
  };

  /** A Studio reading: its charge in the ledger and its row in the history. */
  const reading = async (userId: string, at: string, characters: number) => {
    await charge(userId, at, characters);
    await t.db.kysely
      .insertInto('generations')
      .values({
        id: newId(),
        user_id: userId,
        text: 'x'.repeat(characters),
        audio_key: 'k',
        voice_id: 'v',
        voice_name: 'Tom',
        created_at: at,
        character_count: characters,
        size_bytes: 0,
        settings: '{}',
        is_deleted: 0,
        deleted_at: null,
        updated_at: at,
      })
      .execute();
  };

  const list = async (query: Record<string, string | number> = {}, who: TestUser = admin) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/users?${qs}`,
      cookie: who.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return adminUserListSchema.parse(res.json());
  };
  const emails = (l: { users: AdminUserRow[] }) => l.users.map((u) => u.email);

  beforeAll(async () => {
    await t.db.kysely
      .updateTable('users')
      .set({ created_at: ago(200), last_sign_in_at: NOW })
      .where('id', 'in', [admin.id, plain.id])
      .execute();
  });

  it('refuses plain users (403) and signed-out callers (401)', async () => {
    for (const url of ['/api/admin/users', `/api/admin/users/${plain.id}`, '/api/admin/logs']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      const res = await t.request({ method: 'GET', url, cookie: plain.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
    }
  });

  describe('with a seeded population', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.alice = await seed({
        email: 'alice@example.com',
        createdAt: ago(10),
        lastSignInAt: ago(0),
      });
      ids.al = await seed({
        email: 'al_x@example.com',
        createdAt: ago(20),
        lastSignInAt: ago(31, -1),
      });
      ids.alz = await seed({
        email: 'alzz@example.com',
        createdAt: ago(30),
        lastSignInAt: ago(31),
      });
      ids.bob = await seed({
        email: 'bob@example.com',
        createdAt: ago(40),
        lastSignInAt: ago(60),
        tier: 'paid',
        status: 'active',
      });
      ids.carol = await seed({
        email: 'carol@example.com',
        createdAt: ago(50),
        lastSignInAt: ago(61),
        tier: 'paid',
        status: 'canceled',
        subscriptionExpiresAt: ago(-5),
      });
      ids.dan = await seed({
        email: 'dan@example.com',
        createdAt: ago(60),
        lastSignInAt: ago(90),
        override: { tier: 'paid', expiresAt: ago(-3) },
      });
      ids.erin = await seed({
        email: 'erin@example.com',
        createdAt: ago(70),
        lastSignInAt: ago(91),
        override: { tier: 'paid', expiresAt: ago(1) },
      });
      ids.fay = await seed({
        email: 'fay@example.com',
        createdAt: ago(80),
        lastSignInAt: null,
        tier: 'paid',
        status: 'active',
        override: { tier: 'free', expiresAt: null },
      });
      ids.pct = await seed({
        email: 'a%b@example.com',
        createdAt: ago(90),
        lastSignInAt: ago(400),
      });
      await reading(ids.alice, ago(3), 100);
      await reading(ids.alice, ago(2), 50);
      await reading(ids.alice, ago(9), 5);
      await reading(ids.bob, ago(1), 1000);
      await reading(ids.dan, ago(1), 10);
    });

    it('searches by email prefix (lower-cased, wildcards taken literally) or by user id', async () => {
      expect(emails(await list({ q: 'AL', sort: 'email', dir: 'asc' }))).toEqual([
        'al_x@example.com',
        'alice@example.com',
        'alzz@example.com',
      ]);
      expect(emails(await list({ q: 'al_', sort: 'email', dir: 'asc' }))).toEqual([
        'al_x@example.com',
      ]);
      expect(emails(await list({ q: 'a%', sort: 'email', dir: 'asc' }))).toEqual([
        'a%b@example.com',
      ]);
      expect(emails(await list({ q: 'lice' }))).toEqual([]);
      const byId = await list({ q: ids.bob! });
      expect(emails(byId)).toEqual(['bob@example.com']);
      expect(byId.total).toBe(1);
    });

    it('builds each row: tier after override, days, activity status, reading totals', async () => {
      const row = async (q: string) => (await list({ q })).users[0]!;
      expect(await row('alice@')).toMatchObject({
        tier: 'free',
        overrideActive: false,
        daysSinceSignUp: 10,
        daysSinceLastSignIn: 0,
        activityStatus: 'active',
        recordingsCount: 3,
        charactersTotal: 155,
        firstRecordingAt: ago(9),
        lastRecordingAt: ago(2),
      });
      expect(await row('al_x')).toMatchObject({
        daysSinceLastSignIn: 30,
        activityStatus: 'active',
      });
      expect(await row('alzz')).toMatchObject({
        daysSinceLastSignIn: 31,
        activityStatus: 'inactive',
      });
      expect(await row('bob@')).toMatchObject({
        tier: 'paid',
        tierSource: 'subscription',
        activityStatus: 'inactive',
      });
      // An admin is paid by the role, whatever the subscription says.
      expect(await row('zz-admin@')).toMatchObject({
        role: 'admin',
        tier: 'paid',
        tierSource: 'role',
        stripeStatus: 'inactive',
      });
      expect(await row('carol@')).toMatchObject({
        tier: 'paid',
        stripeStatus: 'canceled',
        activityStatus: 'dormant',
      });
      expect(await row('dan@')).toMatchObject({
        tier: 'paid',
        tierSource: 'override',
        overrideActive: true,
        override: { status: 'active', tier: 'paid', expiresAt: ago(-3) },
        activityStatus: 'dormant',
        recordingsCount: 1,
      });
      expect(await row('erin@')).toMatchObject({
        tier: 'free',
        overrideActive: false,
        activityStatus: 'churn_risk',
      });
      expect(await row('fay@')).toMatchObject({
        tier: 'free',
        overrideActive: true,
        daysSinceLastSignIn: null,
        activityStatus: 'unknown',
        recordingsCount: 0,
        firstRecordingAt: null,
      });
      const one = await t.request({
        method: 'GET',
        url: `/api/admin/users/${ids.dan}`,
        cookie: admin.cookie,
      });
      expect(adminUserDetailsSchema.parse(one.json())).toEqual({
        ...(await row('dan@')),
        currentMonth: { generations: 1, characters: 10 },
        lastMonth: { generations: 0, characters: 0 },
        characterLimit: 30_000,
        remainingThisMonth: 29_990,
      });
      const missing = await t.request({
        method: 'GET',
        url: `/api/admin/users/${newId()}`,
        cookie: admin.cookie,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('filters by status, tier and activity in SQL', async () => {
      const sorted = (l: { users: AdminUserRow[] }) => emails(l).sort();
      expect(sorted(await list({ status: 'active' }))).toEqual([
        'bob@example.com',
        'fay@example.com',
      ]);
      expect(sorted(await list({ status: 'overridden' }))).toEqual([
        'dan@example.com',
        'fay@example.com',
      ]);
      expect((await list({ status: 'inactive' })).total).toBe(9);
      expect(sorted(await list({ tier: 'paid' }))).toEqual([
        'bob@example.com',
        'carol@example.com',
        'dan@example.com',
        'zz-admin@example.com',
      ]);
      expect(sorted(await list({ tier: 'overridden' }))).toEqual([
        'dan@example.com',
        'fay@example.com',
      ]);
      expect((await list({ tier: 'free' })).total).toBe(7);
      expect(sorted(await list({ activity: 'active' }))).toEqual([
        'al_x@example.com',
        'alice@example.com',
        'zz-admin@example.com',
        'zz-plain@example.com',
      ]);
      expect(sorted(await list({ activity: 'inactive' }))).toEqual([
        'alzz@example.com',
        'bob@example.com',
      ]);
      expect(sorted(await list({ activity: 'dormant' }))).toEqual([
        'carol@example.com',
        'dan@example.com',
      ]);
      expect(sorted(await list({ activity: 'churn_risk' }))).toEqual([
        'a%b@example.com',
        'erin@example.com',
      ]);
      expect(sorted(await list({ tier: 'paid', activity: 'dormant', q: 'c' }))).toEqual([
        'carol@example.com',
      ]);
    });

    it('sorts by every column both ways, never-signed-in as the oldest sign-in, ties by id', async () => {
      const order = async (sort: string, dir: string) => emails(await list({ sort, dir }));
      const all = await order('email', 'asc');
      expect(all).toEqual([...all].sort());
      expect(await order('email', 'desc')).toEqual([...all].reverse());
      const bySignUp = await order('signUp', 'desc');
      expect(bySignUp.slice(0, 3)).toEqual([
        'alice@example.com',
        'al_x@example.com',
        'alzz@example.com',
      ]);
      expect(await order('daysSinceSignUp', 'asc')).toEqual(bySignUp);
      expect(await order('signUp', 'asc')).toEqual([...bySignUp].reverse());
      const bySignIn = await order('lastSignIn', 'asc');
      expect(bySignIn[0]).toBe('fay@example.com');
      expect(bySignIn[1]).toBe('a%b@example.com');
      expect(await order('daysSinceSignIn', 'desc')).toEqual(bySignIn);
      expect(await order('activity', 'desc')).toEqual(bySignIn);
      expect((await order('lastSignIn', 'desc')).at(-1)).toBe('fay@example.com');
      expect((await order('recordings', 'desc')).slice(0, 3)).toEqual([
        'alice@example.com',
        ...['bob@example.com', 'dan@example.com'].sort((a, b) => {
          const idOf = (e: string) => (e.startsWith('bob') ? ids.bob! : ids.dan!);
          return idOf(a) < idOf(b) ? 1 : -1;
        }),
      ]);
      expect((await order('characters', 'desc')).slice(0, 3)).toEqual([
        'bob@example.com',
        'alice@example.com',
        'dan@example.com',
      ]);
    });

    it('pages without overlap, with the total of the filtered set', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const l = await list({ sort: 'email', dir: 'asc', pageSize: 3, page });
        expect(l.total).toBe(11);
        expect(l.page).toBe(page);
        seen.push(...emails(l));
      }
      expect(seen).toHaveLength(11);
      expect(new Set(seen).size).toBe(11);
      expect((await list({ pageSize: 3, page: 5 })).users).toEqual([]);
    });

    it('pages forward and back by cursor in every order, NULL sign-ins included', async () => {
      for (const sort of ['email', 'signUp', 'lastSignIn', 'daysSinceSignIn', 'recordings'])
        for (const dir of ['asc', 'desc']) {
          const all = emails(await list({ sort, dir, pageSize: 200 }));
          const forward: ReturnType<typeof emails>[] = [];
          let l = await list({ sort, dir, pageSize: 3 });
          expect(l.prevCursor, `${sort} ${dir}`).toBeNull();
          forward.push(emails(l));
          for (let page = 2; l.nextCursor; page++) {
            l = await list({ sort, dir, pageSize: 3, page, cursor: l.nextCursor });
            forward.push(emails(l));
          }
          expect(forward.flat(), `${sort} ${dir}`).toEqual(all);
          // And back from the last page to the first, page by page.
          const backward = [emails(l)];
          while (l.prevCursor) {
            l = await list({ sort, dir, pageSize: 3, cursor: l.prevCursor });
            backward.unshift(emails(l));
          }
          expect(backward, `${sort} ${dir} back`).toEqual(forward);
          expect(l.prevCursor).toBeNull();
        }
    });

    it('refuses a cursor from another order or that is not one', async () => {
      const { nextCursor } = await list({ sort: 'email', dir: 'asc', pageSize: 3 });
      const queries: Record<string, string>[] = [
        { sort: 'email', dir: 'desc', cursor: nextCursor! },
        { sort: 'signUp', dir: 'asc', cursor: nextCursor! },
        { cursor: 'not-a-cursor' },
        { cursor: Buffer.from('{"sort":"signUp"}').toString('base64url') },
      ];
      for (const query of queries) {
        const res = await t.request({
          method: 'GET',
          url: `/api/admin/users?${new URLSearchParams(query).toString()}`,
          cookie: admin.cookie,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Invalid cursor');
      }
    });
  });

  it('refuses bad queries with 400 and the field at fault', async () => {
    for (const qs of [
      'pageSize=201',
      'pageSize=0',
      'page=0',
      'sort=password',
      'dir=sideways',
      'tier=gold',
      'activity=asleep',
      `q=${'a'.repeat(255)}`,
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/admin/users?${qs}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
  });

  it('counts filtered users up to the cap and all users exactly', async () => {
    const fresh = await createTestApp({ now: NOW });
    try {
      const boss = await createUser(fresh, { role: 'admin', email: 'boss@example.com' });
      const many = ADMIN_USERS_COUNT_CAP + 5;
      for (let i = 0; i < many; i += 200)
        await fresh.db.kysely
          .insertInto('users')
          .values(
            Array.from({ length: Math.min(200, many - i) }, (_, k) => ({
              id: newId(),
              email: `many${i + k}@example.com`,
              created_at: NOW,
              updated_at: NOW,
              subscription_tier: (i + k) % 500 === 0 ? ('paid' as const) : ('free' as const),
              subscription_status:
                (i + k) % 500 === 0 ? ('active' as const) : ('inactive' as const),
            })),
          )
          .execute();
      const get = async (qs: string) => {
        const res = await fresh.request({
          method: 'GET',
          url: `/api/admin/users?${qs}`,
          cookie: boss.cookie,
        });
        expect(res.statusCode).toBe(200);
        return adminUserListSchema.parse(res.json());
      };
      expect(await get('')).toMatchObject({ total: many + 1, totalCapped: false });
      expect(await get('tier=free')).toMatchObject({
        total: ADMIN_USERS_COUNT_CAP,
        totalCapped: true,
      });
      // Three paid users and the admin (admins are paid).
      expect(await get('tier=paid')).toMatchObject({ total: 4, totalCapped: false });
      // The exact total follows deletions too (triggers on users keep it).
      await fresh.db.kysely.deleteFrom('users').where('email', 'like', 'many1%').execute();
      const left = await fresh.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBeLessThan(many);
      expect(await get('')).toMatchObject({ total: Number(left.n), totalCapped: false });
    } finally {
      await fresh.close();
    }
  });

  it("the SQL tier filter agrees with the server's tier rule on every combination", async () => {
    const fresh = await createTestApp({ now: NOW });
    try {
      const rows: (TierRow & { id: string })[] = [];
      for (const role of ['user', 'admin'] as const)
        for (const subscription_tier of ['free', 'paid'] as const)
          for (const subscription_status of ['active', 'inactive', 'canceled', 'past_due'] as const)
            for (const subscription_expires_at of [null, ago(1), ago(-1)])
              for (const override_status of [null, 'active', 'revoked'])
                for (const override_tier of [null, 'free', 'paid'] as const)
                  for (const override_expires_at of [null, ago(0, 1), ago(0, -1)])
                    rows.push({
                      id: newId(),
                      role,
                      subscription_tier,
                      subscription_status,
                      subscription_expires_at,
                      override_status,
                      override_tier,
                      override_expires_at,
                    });
      for (let i = 0; i < rows.length; i += 100) {
        await fresh.db.kysely
          .insertInto('users')
          .values(
            rows.slice(i, i + 100).map((r) => ({
              ...r,
              email: `${r.id}@example.com`,
              created_at: NOW,
              updated_at: NOW,
            })),
          )
          .execute();
      }
      const idsWhere = async (tier: 'free' | 'paid') =>
        (
          await fresh.db.kysely
            .selectFrom('users')
            .select('id')
            .where((eb) => tierIs(eb, tier, NOW))
            .execute()
        ).map((r) => r.id);
      const bySql = new Map<string, string[]>();
      for (const tier of ['free', 'paid'] as const)
        for (const id of await idsWhere(tier)) bySql.set(id, [...(bySql.get(id) ?? []), tier]);
      // Each row is in exactly one of the two filters, the one resolveTier names.
      const mismatches = rows.filter(
        (r) => bySql.get(r.id)?.join() !== resolveTier(r, Date.parse(NOW)).tier,
      );
      expect(rows.length).toBe(2 * 2 * 4 * 3 * 3 * 3 * 3);
      expect(mismatches).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('keeps recordings from every generation insert and characters from the ledger (the triggers)', async () => {
    const id = await seed({ email: 'trigger@example.com' });
    await reading(id, ago(5), 7);
    await reading(id, ago(8), 11);
    await reading(id, ago(1), 13);
    // Rehearsal is charged in the ledger with no recording; a refund gives characters back.
    const line = await charge(id, ago(1), 40, { action: 'rehearsal' });
    await charge(id, ago(1), 40, { refundOf: line });
    await charge(id, ago(1), 9, { action: 'rehearsal' });
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['recordings_count', 'characters_total', 'first_recording_at', 'last_recording_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect({
      ...row,
      recordings_count: Number(row.recordings_count),
      characters_total: Number(row.characters_total),
    }).toEqual({
      recordings_count: 3,
      characters_total: 40,
      first_recording_at: ago(8),
      last_recording_at: ago(1),
    });
  });

  it("a user's total and monthly characters come from the same ledger and agree", async () => {
    const id = await seed({ email: 'ledger@example.com', createdAt: ago(100) });
    // Last month: one Studio reading. This month: a Studio reading, two rehearsal lines (one
    // wholly refunded), and a reading delivered in part (refunded in part).
    await reading(id, '2026-02-20T10:00:00.000Z', 300);
    await reading(id, ago(3), 1_000);
    await charge(id, ago(2), 120, { action: 'rehearsal' });
    const failed = await charge(id, ago(2), 80, { action: 'rehearsal' });
    await charge(id, ago(2), 80, { refundOf: failed });
    const partial = await charge(id, ago(1), 500);
    await charge(id, ago(1), 198, { refundOf: partial });
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/users/${id}`,
      cookie: admin.cookie,
    });
    const details = adminUserDetailsSchema.parse(res.json());
    expect(details.currentMonth).toEqual({ generations: 3, characters: 1_422 });
    expect(details.lastMonth).toEqual({ generations: 1, characters: 300 });
    expect(details.charactersTotal).toBe(
      details.currentMonth.characters + details.lastMonth.characters,
    );
    expect(details.remainingThisMonth).toBe(10_000 - 1_422);
    const [listed] = (await list({ q: 'ledger@' })).users;
    expect(listed!.charactersTotal).toBe(1_722);
  });

  it('lists the admin log newest first with filters, 100 a page', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/logs', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(adminLogListSchema.parse(res.json())).toMatchObject({ page: 1, pageSize: 100 });
    const bad = await t.request({
      method: 'GET',
      url: '/api/admin/logs?action=drop_table',
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});
