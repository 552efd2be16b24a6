import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../app';
import { newId } from '../lib/ids';
import { createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi';

/**
 * docs/glossary.md#S5, generated from the route table: two paid users (A owns real objects, B attacks them) and
 * one admin. Every `:param` route called by B with A's ids answers 404 and leaves A's rows as
 * they were; admin routes refuse plain users; signed-out calls to user routes answer 401; extra
 * JSON fields never change a caller's role, tier, quota or subscription.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SCRIPT =
  'INT. KITCHEN - NIGHT\n\nALICE\nYou kept the letter.\n\nBOB\nI kept all of them.\n\nALICE\nThen read me one.\n';

/** Routes anyone may call signed out, with the reason. Any other route must answer 401. */
const PUBLIC_ROUTES: Record<string, string> = {
  '/healthz': 'liveness probe',
  '/readyz': 'readiness probe',
  '/api/plans': 'public pricing',
  '/api/session': 'answers { user: null } when signed out',
  '/api/contact-messages': 'public contact form',
  '/api/events': 'first-party analytics, signed-out visitors too',
  '/api/voices/featured': 'public voice catalogue',
  '/api/voices/:id/preview': 'featured previews are public; others are checked per user',
  '/api/auth/sign-in': 'sign-in',
  '/api/auth/magic-link': 'sign-in',
  '/api/auth/magic-link/verify': 'sign-in',
  '/api/auth/forgot-password': 'password reset',
  '/api/auth/reset-password': 'password reset',
  '/api/auth/sign-out': 'ends a session if there is one',
  '/blog/rss.xml': 'public blog feed (published posts only)',
  '/sitemap.xml': 'public sitemap (published posts only)',
  [STRIPE_WEBHOOK_PATH]: 'signed by Stripe',
  [OPENAPI_PATH]: 'the API description (admins only in production: openapi.test.ts)',
};
const isPublic = (url: string) =>
  url in PUBLIC_ROUTES ||
  url.startsWith('/api/blog/') ||
  // The API reference (admins only in production: openapi.test.ts).
  url === DOCS_PREFIX ||
  url.startsWith(`${DOCS_PREFIX}/`);
const isAdminRoute = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

/** `:param` routes whose objects are not owned by a user. */
const UNOWNED_PARAM_ROUTES: Record<string, string> = {
  '/api/voices/:id/preview': 'a catalogue voice, access decided by voice permissions',
};

/** Fields a caller must never be able to set on themselves (snake and camel spellings). */
function extraFields(otherUserId: string): Record<string, unknown> {
  return {
    role: 'admin',
    isAdmin: true,
    is_admin: 1,
    admin: true,
    tier: 'paid',
    subscriptionTier: 'paid',
    subscription_tier: 'paid',
    subscriptionStatus: 'active',
    subscription_status: 'active',
    stripeStatus: 'active',
    plan: 'annual',
    quota: 9_999_999,
    limit: 9_999_999,
    monthlyLimit: 9_999_999,
    characterLimit: 9_999_999,
    quota_minutes_total: 9_999_999,
    quotaMinutesTotal: 9_999_999,
    used: 0,
    remaining: 9_999_999,
    override: { status: 'active', tier: 'paid', expiresAt: '2099-12-31T00:00:00.000Z' },
    overrideTier: 'paid',
    override_tier: 'paid',
    overrideStatus: 'active',
    override_status: 'active',
    override_expires_at: '2099-12-31T00:00:00.000Z',
    subscriptionExpiresAt: '2099-12-31T00:00:00.000Z',
    subscription_expires_at: '2099-12-31T00:00:00.000Z',
    subscriptionId: 'sub_forged',
    subscription_id: 'sub_forged',
    stripePriceId: 'price_forged',
    stripe_price_id: 'price_forged',
    disabled: 0,
    emailVerified: true,
    email_verified: 1,
    userId: otherUserId,
    user_id: otherUserId,
    uid: otherUserId,
    ownerId: otherUserId,
  };
}

/** The users columns no user-facing route may change. */
const GUARDED_USER_COLUMNS = [
  'id',
  'email',
  'email_verified',
  'role',
  'disabled',
  'subscription_status',
  'subscription_tier',
  'plan',
  'quota_minutes_total',
  'quota_minutes_used',
  'subscription_id',
  'subscription_expires_at',
  'last_payment_date',
  'stripe_price_id',
  'override_status',
  'override_tier',
  'override_expires_at',
  'override_created_at',
  'override_created_by',
  'override_reason',
] as const;

async function guardedUserRow(t: TestApp, userId: string) {
  const row = await t.db.kysely
    .selectFrom('users')
    .select(GUARDED_USER_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...row, email_verified: Number(row.email_verified), disabled: Number(row.disabled) };
}

/** Every row, in every table with a user_id column, that belongs to `userId`; plus the users row. */
async function rowsOwnedBy(t: TestApp, userId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const tables = await t.db.kysely.introspection.getTables();
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const key = table.columns.some((c) => c.name === 'user_id')
      ? 'user_id'
      : table.name === 'users'
        ? 'id'
        : null;
    if (!key) continue;
    const r = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where ${sql.ref(key)} = ${userId}`.execute(
      t.db.kysely,
    );
    out[table.name] = r.rows
      .map((row) =>
        JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
      )
      .sort();
  }
  return out;
}

function expectErrorShape(res: LightMyRequestResponse, label: string) {
  // HEAD answers carry the GET's headers and no body.
  if (res.raw.req.method === 'HEAD') return;
  if (res.headers['content-type']?.toString().startsWith('application/json') !== true) {
    expect(res.body, `${label}: body`).toBe('');
    return;
  }
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, `${label}: error.code`).toBe('string');
  expect(typeof body.error?.message, `${label}: error.message`).toBe('string');
}

/** A valid body for each mutating route, so a call gets past validation to the ownership check. */
function bodyFor(
  method: string,
  url: string,
  ids: { script: string; lineId: string; voice: string; checkout: string },
): Record<string, unknown> {
  const key = `${method} ${url}`;
  switch (key) {
    case 'PUT /api/scripts/:id':
    case 'POST /api/scripts':
      return { title: 'Kitchen scene', content: SCRIPT };
    case 'POST /api/scripts/import':
      return { fileName: 'scene.fountain', data: Buffer.from(SCRIPT).toString('base64') };
    case 'PATCH /api/scripts/:id/archive':
      return { isArchived: true };
    case 'POST /api/scripts/:id/rename-character':
      return { from: 'ALICE', to: 'ALICIA' };
    case 'POST /api/scripts/:id/reassign-line':
      return { lineId: ids.lineId, character: 'ALICE' };
    case 'POST /api/readings':
      return { voiceId: ids.voice, text: 'Hello there.' };
    case 'PATCH /api/preferences':
      return { defaultVoiceId: ids.voice };
    case 'POST /api/rehearsal/plan':
    case 'POST /api/rehearsal/reader-track':
      return { scriptId: ids.script, role: 'ALICE', voices: { BOB: ids.voice } };
    case 'POST /api/rehearsal/line-audio':
      return { scriptId: ids.script, lineId: ids.lineId, voiceId: ids.voice, note: 'whispering' };
    case 'POST /api/pronunciations':
      return { word: 'Siobhan', respelling: 'shiv-awn', scriptId: ids.script };
    case 'POST /api/rehearsal/runs':
      return {
        scriptId: ids.script,
        role: 'ALICE',
        startedAt: '2026-03-15T11:59:00.000Z',
        durationMs: 1000,
        lines: [{ lineId: ids.lineId, accuracy: 1, prompted: false }],
      };
    case 'POST /api/checkout':
      return { plan: 'monthly' };
    case 'POST /api/verify-session':
      return { sessionId: ids.checkout };
    case 'POST /api/contact-messages':
      return { name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Hello' };
    case 'POST /api/events':
      return { name: 'voice_previewed', properties: {} };
    case 'POST /api/auth/set-password':
      return { newPassword: 'correct horse battery staple' };
    case 'POST /api/auth/change-password':
      return {
        currentPassword: 'correct horse battery staple',
        newPassword: 'another long passphrase',
      };
    default:
      return {};
  }
}

describe('S5 access control, generated from the route table', () => {
  let t: TestApp;
  let dataDir: string;
  let a: TestUser;
  let b: TestUser;
  let admin: TestUser;
  const owned = { script: '', lineId: '', generation: '', checkout: '', voice: '', run: '' };
  let ip = 0;
  /** Each call from its own address, so per-IP limits never stand in for the answer under test. */
  const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
    t.request({
      method: method as 'GET',
      url,
      cookie: user?.cookie,
      remoteAddress: `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      ...(payload !== undefined ? { payload } : {}),
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-acl-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    a = await createUser(t, { tier: 'paid' });
    b = await createUser(t, { tier: 'paid' });
    admin = await createUser(t, { tier: 'paid', role: 'admin' });

    const voices = (await call(a, 'GET', '/api/voices')).json() as { voices: { id: string }[] };
    owned.voice = voices.voices[0]!.id;

    const script = await call(a, 'POST', '/api/scripts', {
      title: 'A private scene',
      content: SCRIPT,
    });
    expect(script.statusCode).toBe(201);
    const s = script.json() as {
      id: string;
      analysis: { lines: { id: string; character: string }[] };
    };
    owned.script = s.id;
    owned.lineId = s.analysis.lines.find((l) => l.character === 'BOB')!.id;

    const run = await call(a, 'POST', '/api/rehearsal/runs', {
      scriptId: owned.script,
      role: 'ALICE',
      startedAt: '2026-03-15T11:59:00.000Z',
      durationMs: 30_000,
      lines: [{ lineId: 'l2', accuracy: 1, prompted: false }],
    });
    expect(run.statusCode).toBe(201);
    owned.run = (run.json() as { id: string }).id;

    const gen = await call(a, 'POST', '/api/readings', {
      voiceId: owned.voice,
      text: 'A line only A may hear.',
      scriptId: owned.script,
    });
    expect(gen.statusCode).toBe(200);
    owned.generation = String(gen.headers['x-generation-id']);

    const prefs = await call(a, 'PATCH', '/api/preferences', {
      defaultVoiceId: owned.voice,
      favoriteVoiceIds: [owned.voice],
    });
    expect(prefs.statusCode).toBe(200);

    const checkout = await call(a, 'POST', '/api/checkout', { plan: 'monthly' });
    expect(checkout.statusCode).toBe(200);
    owned.checkout = new URL((checkout.json() as { url: string }).url).searchParams.get(
      'session_id',
    )!;
    expect(owned.checkout).toMatch(/^cs_test_/);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A's id for each owned-object route. */
  const FIXTURES: Record<string, () => string> = {
    '/api/scripts/:id': () => owned.script,
    '/api/scripts/:id/archive': () => owned.script,
    '/api/scripts/:id/rename-character': () => owned.script,
    '/api/scripts/:id/reassign-line': () => owned.script,
    '/api/readings/:id': () => owned.generation,
    '/api/rehearsal/runs/:id': () => owned.run,
    '/api/readings/:id/audio': () => owned.generation,
    '/api/readings/:id/plays': () => owned.generation,
    '/api/test-checkout/:id': () => owned.checkout,
    '/api/test-checkout/:id/pay': () => owned.checkout,
    '/api/test-checkout/:id/cancel': () => owned.checkout,
  };
  const paramRoutes = () =>
    t.app.routeTable.filter(
      (r) =>
        /\/:[A-Za-z_]+/.test(r.url) && !isAdminRoute(r.url) && !(r.url in UNOWNED_PARAM_ROUTES),
    );
  const withId = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(id));

  it('has a fixture for the known owned-object routes', () => {
    const urls = new Set(paramRoutes().map((r) => r.url));
    for (const known of Object.keys(FIXTURES)) expect(urls, known).toContain(known);
  });

  it("answers 404 to every :id route called by another user with A's ids, and changes nothing of A's", async () => {
    const before = await rowsOwnedBy(t, a.id);
    expect(before.scripts).toHaveLength(1);
    expect(before.generations).toHaveLength(1);
    let checked = 0;
    for (const route of paramRoutes()) {
      const fixture = FIXTURES[route.url];
      // A route added later without a fixture still has to hide a missing object behind 404.
      const id = fixture ? fixture() : newId();
      const url = withId(route.url, id);
      const payload = MUTATING.has(route.method)
        ? bodyFor(route.method, route.url, { ...owned, checkout: owned.checkout })
        : undefined;
      const res = await call(b, route.method, url, payload);
      expect(res.statusCode, `${route.method} ${route.url} as B`).toBe(404);
      expectErrorShape(res, `${route.method} ${route.url} as B`);
      if (route.method !== 'HEAD') expect(res.body).not.toContain(a.id);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(FIXTURES).length);
    expect(await rowsOwnedBy(t, a.id)).toEqual(before);
  });

  it('lets the owner reach the same ids (the 404s above are about ownership, not bad ids)', async () => {
    const ok = async (method: string, url: string, payload?: object) => {
      const res = await call(a, method, url, payload);
      expect(res.statusCode, `${method} ${url} as A`).toBeLessThan(300);
      return res;
    };
    await ok('GET', `/api/scripts/${owned.script}`);
    await ok('PATCH', `/api/scripts/${owned.script}/archive`, { isArchived: false });
    const audio = await ok('GET', `/api/readings/${owned.generation}/audio`);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBeGreaterThan(0);
    await ok('POST', `/api/readings/${owned.generation}/plays`, {});
    await ok('GET', `/api/test-checkout/${owned.checkout}`);
  });

  it("keeps lists, preferences and usage per user: B sees none of A's objects", async () => {
    const scripts = (await call(b, 'GET', '/api/scripts?archived=true')).json() as {
      scripts: { id: string }[];
    };
    expect(scripts.scripts.map((s) => s.id)).not.toContain(owned.script);
    const history = await call(b, 'GET', '/api/readings');
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(owned.generation);
    expect(history.body).not.toContain(a.id);
    const prefs = (await call(b, 'GET', '/api/preferences')).json() as {
      defaultVoiceId: string | null;
      favoriteVoiceIds: string[];
    };
    expect(prefs.defaultVoiceId).toBeNull();
    expect(prefs.favoriteVoiceIds).toEqual([]);
    const before = await rowsOwnedBy(t, a.id);
    const res = await call(b, 'PATCH', '/api/preferences', {
      defaultVoiceId: null,
      favoriteVoiceIds: [],
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOwnedBy(t, a.id)).toEqual(before);
    const usageA = (await call(a, 'GET', '/api/usage')).json() as { used: number };
    const usageB = (await call(b, 'GET', '/api/usage')).json() as { used: number };
    expect(usageA.used).toBeGreaterThan(0);
    expect(usageB.used).toBe(0);
  });

  it("refuses rehearsal on A's script to B (plan, line audio, reader track, runs) with 404 and no charge", async () => {
    const before = await rowsOwnedBy(t, a.id);
    const beforeB = await rowsOwnedBy(t, b.id);
    for (const url of [
      '/api/rehearsal/plan',
      '/api/rehearsal/line-audio',
      '/api/rehearsal/reader-track',
      '/api/rehearsal/runs',
    ]) {
      const res = await call(b, 'POST', url, bodyFor('POST', url, owned));
      expect(res.statusCode, url).toBe(404);
      expectErrorShape(res, url);
    }
    // A's runs are read and deleted by script id in the query.
    for (const [method, url] of [
      ['GET', `/api/rehearsal/runs?scriptId=${owned.script}`],
      ['GET', `/api/rehearsal/trouble-spots?scriptId=${owned.script}&role=ALICE`],
      ['DELETE', `/api/rehearsal/runs?scriptId=${owned.script}`],
    ] as const) {
      const res = await call(b, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(owned.run);
    }
    expect(await rowsOwnedBy(t, a.id)).toEqual(before);
    expect(await rowsOwnedBy(t, b.id)).toEqual(beforeB);
  });

  it("refuses B's verify-session with A's checkout session", async () => {
    const res = await call(b, 'POST', '/api/verify-session', { sessionId: owned.checkout });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(a.id);
  });

  it('lets an admin read a reading (spec), while the admin is not its owner', async () => {
    const res = await call(admin, 'GET', `/api/readings/${owned.generation}/audio`);
    expect(res.statusCode).toBe(200);
    const del = await call(admin, 'DELETE', `/api/readings/${owned.generation}`);
    expect(del.statusCode).toBe(404);
  });

  const STREAMS = new Set(['/api/admin/monitor/events']);
  it('refuses every admin route to a plain user (403) and to a signed-out caller (401), and lets no answer be cached', async () => {
    const adminRoutes = t.app.routeTable.filter((r) => isAdminRoute(r.url));
    const noStore = (
      res: LightMyRequestResponse,
      who: string,
      route: { method: string; url: string },
    ) =>
      expect(res.headers['cache-control'], `${route.method} ${route.url} ${who}`).toBe(
        'private, no-store',
      );
    for (const route of adminRoutes) {
      const url = withId(route.url, newId());
      const payload = MUTATING.has(route.method) ? {} : undefined;
      const asUser = await call(b, route.method, url, payload);
      expect(asUser.statusCode, `${route.method} ${route.url} as a user`).toBe(403);
      expectErrorShape(asUser, route.url);
      noStore(asUser, 'as a user', route);
      const anon = await call(null, route.method, url, payload);
      expect(anon.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      noStore(anon, 'signed out', route);
      // An event stream never ends: read its status and let it go.
      const asAdmin = STREAMS.has(route.url)
        ? await t.request({ method: 'GET', url, cookie: admin.cookie, payloadAsStream: true })
        : await call(admin, route.method, url, payload);
      if (STREAMS.has(route.url)) asAdmin.stream().destroy();
      expect(asAdmin.statusCode, `${route.method} ${route.url} as admin`).not.toBe(403);
      expect(asAdmin.statusCode, `${route.method} ${route.url} as admin`).not.toBe(401);
      noStore(asAdmin, 'as admin', route);
    }
  });

  it('answers 401 to signed-out calls on every user route', async () => {
    let checked = 0;
    for (const route of t.app.routeTable) {
      if (isPublic(route.url) || isAdminRoute(route.url)) continue;
      const url = withId(route.url, newId());
      const res = await call(null, route.method, url, MUTATING.has(route.method) ? {} : undefined);
      expect(res.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      expectErrorShape(res, route.url);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 401 to a forged or ended session cookie', async () => {
    const name = a.cookie.split('=')[0]!;
    for (const cookie of [`${name}=${'A'.repeat(43)}`, `${name}=`, 'dc_session=../../etc/passwd']) {
      const res = await t.request({ method: 'GET', url: '/api/scripts', cookie });
      expect(res.statusCode, cookie).toBe(401);
    }
  });
});

describe('S5 no mass assignment through any user-facing write route', () => {
  let t: TestApp;
  let dataDir: string;
  let ip = 0;
  const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
    t.request({
      method: method as 'GET',
      url,
      cookie: user?.cookie,
      remoteAddress: `10.2.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      ...(payload !== undefined ? { payload } : {}),
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-mass-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Pay completes a checkout and legitimately makes the caller paid (billing tests cover it). */
  const SKIP = new Set([`POST /api/test-checkout/:id/pay`, `POST ${STRIPE_WEBHOOK_PATH}`]);

  for (const tier of ['free', 'paid'] as const) {
    it(`leaves a ${tier} user's role, tier, quota and subscription unchanged`, async () => {
      const user = await createUser(t, { tier });
      const victim = await createUser(t, { tier: 'free' });
      const voices = (await call(user, 'GET', '/api/voices')).json() as {
        voices: { id: string }[];
      };
      const voice = voices.voices[0]!.id;
      const script = (
        await call(user, 'POST', '/api/scripts', { title: 'Mine', content: SCRIPT })
      ).json() as { id: string; analysis: { lines: { id: string; character: string }[] } };
      const lineId = script.analysis.lines.find((l) => l.character === 'BOB')!.id;
      const checkout = new URL(
        ((await call(user, 'POST', '/api/checkout', { plan: 'monthly' })).json() as { url: string })
          .url,
      ).searchParams.get('session_id')!;
      const ids = { script: script.id, lineId, voice, checkout };
      const own: Record<string, string> = {
        '/api/scripts/:id': script.id,
        '/api/scripts/:id/archive': script.id,
        '/api/scripts/:id/rename-character': script.id,
        '/api/scripts/:id/reassign-line': script.id,
        '/api/test-checkout/:id': checkout,
        '/api/test-checkout/:id/cancel': checkout,
      };

      const userBefore = await guardedUserRow(t, user.id);
      const victimBefore = await rowsOwnedBy(t, victim.id);
      const usageBefore = (await call(user, 'GET', '/api/usage')).json() as { limit: number };
      const extra = extraFields(victim.id);
      const routes = t.app.routeTable.filter(
        (r) =>
          MUTATING.has(r.method) &&
          !isAdminRoute(r.url) &&
          !SKIP.has(`${r.method} ${r.url}`) &&
          r.url !== '/api/auth/sign-out' &&
          !(r.method === 'DELETE'),
      );
      expect(routes.length).toBeGreaterThan(15);
      for (const route of routes) {
        const url = route.url.replace(/:[A-Za-z_]+/g, own[route.url] ?? newId());
        const valid = bodyFor(route.method, route.url, ids);
        for (const payload of [{ ...extra, ...valid }, extra]) {
          const res = await call(user, route.method, url, payload);
          const label = `${route.method} ${route.url} (${tier})`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) expectErrorShape(res, label);
        }
      }
      expect(await guardedUserRow(t, user.id), 'users row').toEqual(userBefore);
      expect(await rowsOwnedBy(t, victim.id), "victim's rows").toEqual(victimBefore);
      const session = (await call(user, 'GET', '/api/session')).json() as {
        user: { role: string };
      };
      expect(session.user.role).toBe('user');
      const usageAfter = (await call(user, 'GET', '/api/usage')).json() as { limit: number };
      expect(usageAfter.limit).toBe(usageBefore.limit);
      const sub = (await call(user, 'GET', '/api/subscription')).json() as { tier: string };
      expect(sub.tier).toBe(tier);
      // Objects made with forged owner or id fields belong to the caller and keep server ids.
      const forged = await t.db.kysely
        .selectFrom('scripts')
        .select(['id', 'user_id'])
        .where((eb) => eb.or([eb('user_id', '=', victim.id), eb('id', '=', 'forged')]))
        .execute();
      expect(forged).toEqual([]);
    });
  }
});
