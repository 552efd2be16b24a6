import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminVoiceListSchema,
  VOICE_PERMISSIONS_PAGE_SIZE,
  voiceListSchema,
  voicePermissionsPageSchema,
} from '@doublecast/common/voices';
import type { Script } from '@doublecast/common/scripts';
import { createFakeVoiceEngine } from '../../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, type TestUser } from '../../../test/factories';

describe('admin voice routes', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let user: TestUser;
  const engine = createFakeVoiceEngine();
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-admin-voices-'));
    t = await createTestApp({ engine, env: { DATA_DIR: dataDir } });
    admin = await createUser(t, { role: 'admin', tier: 'paid' });
    user = await createUser(t, { tier: 'paid' });
    for (const r of await t.db.kysely
      .selectFrom('voices')
      .select(['id', 'provider_voice_id'])
      .execute())
      ids[r.provider_voice_id] = r.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Every test starts from the synced catalogue: names, featured, enabled, no restrictions.
    await t.db.kysely
      .updateTable('voices')
      .set({ display_name: null, featured: 1, enabled: 1 })
      .execute();
    await t.db.kysely.deleteFrom('voice_permissions').execute();
  });

  const as = (who: TestUser, method: string, url: string, payload?: Record<string, unknown>) =>
    t.request({ method: method as 'GET', url, payload, cookie: who.cookie });
  const logs = () => t.db.kysely.selectFrom('admin_logs').selectAll().orderBy('id').execute();
  const featuredNames = async () =>
    voiceListSchema
      .parse((await t.request({ method: 'GET', url: '/api/voices/featured' })).json())
      .voices.map((v) => v.name);
  const availableNames = async (who: TestUser) =>
    voiceListSchema.parse((await as(who, 'GET', '/api/voices')).json()).voices.map((v) => v.name);

  const routes: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/admin/voices'],
    ['POST', '/api/admin/voices/import', {}],
    ['PUT', '/api/admin/voices/names', { voiceNames: {} }],
    ['PUT', '/api/admin/voices/enabled', { enabledVoiceIds: [] }],
    ['PUT', '/api/admin/voices/featured', { voiceIds: ['x'], featured: false }],
    ['PUT', '/api/admin/voices/x/category', { category: 'men' }],
    ['GET', '/api/admin/voice-permissions'],
    ['PUT', '/api/admin/voice-permissions', { voiceIds: [] }],
    ['GET', '/api/admin/voice-permissions/x'],
    ['PUT', '/api/admin/voice-permissions/x', { voiceIds: [] }],
  ];

  it.each(routes)(
    '%s %s refuses visitors (401) and users (403) and changes nothing',
    async (method, url, payload) => {
      const before = await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute();
      const logsBefore = (await logs()).length;
      expect((await t.request({ method: method as 'GET', url, payload })).statusCode).toBe(401);
      const res = await as(user, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
      expect(await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute()).toEqual(
        before,
      );
      expect(await logs()).toHaveLength(logsBefore);
    },
  );

  it('refuses bad input with 400 and changes nothing, logs nothing', async () => {
    const before = await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute();
    const logsBefore = (await logs()).length;
    const bad: [string, string, Record<string, unknown>?][] = [
      ['PUT', '/api/admin/voices/names', { voiceNames: { [ids['fake-tom']!]: 'x'.repeat(101) } }],
      ['PUT', '/api/admin/voices/names', { voiceNames: { [ids['fake-tom']!]: 'A', nope: 'B' } }],
      ['PUT', '/api/admin/voices/names', {}],
      ['PUT', '/api/admin/voices/featured', { voiceIds: [], featured: true }],
      [
        'PUT',
        '/api/admin/voices/featured',
        { voiceIds: [ids['fake-tom']!, 'nope'], featured: false },
      ],
      ['PUT', '/api/admin/voices/featured', { voiceIds: [ids['fake-tom']!], featured: 'no' }],
      ['PUT', '/api/admin/voices/enabled', { enabledVoiceIds: ['nope'] }],
      ['PUT', `/api/admin/voices/${ids['fake-tom']}/category`, { category: 'aliens' }],
      ['PUT', `/api/admin/voice-permissions/${user.id}`, { voiceIds: ['nope'] }],
      ['PUT', `/api/admin/voice-permissions/${user.id}`, { voiceIds: 'all' }],
      ['PUT', '/api/admin/voice-permissions', { voiceIds: [ids['fake-tom']!, 'nope'] }],
      ['GET', `/api/admin/voice-permissions?q=${'a'.repeat(300)}`],
    ];
    for (const [method, url, payload] of bad) {
      const res = await as(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
    expect(
      (await as(admin, 'PUT', '/api/admin/voices/nope/category', { category: 'men' })).statusCode,
    ).toBe(404);
    expect(
      (await as(admin, 'PUT', '/api/admin/voice-permissions/nobody', { voiceIds: [] })).statusCode,
    ).toBe(404);
    expect((await as(admin, 'GET', '/api/admin/voice-permissions/nobody')).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
    expect(await t.db.kysely.selectFrom('voice_permissions').selectAll().execute()).toEqual([]);
    expect(await logs()).toHaveLength(logsBefore);
  });

  it('renames a voice: the new name shows on /voices, in the Studio list and in Voice Management', async () => {
    const res = await as(admin, 'PUT', '/api/admin/voices/names', {
      voiceNames: { [ids['fake-tom']!]: '  Thomas  ', [ids['fake-ann']!]: 'Ann' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await featuredNames()).toEqual(['Thomas', 'Ann', 'Zoe']);
    expect(await availableNames(user)).toEqual(['Thomas', 'Ann', 'Zoe']);
    const list = adminVoiceListSchema.parse((await as(admin, 'GET', '/api/admin/voices')).json());
    expect(list.voices.map((v) => [v.name, v.originalName])).toEqual([
      ['Thomas', 'Tom'],
      ['Ann', 'Ann'],
      ['Zoe', 'Zoe'],
    ]);
    const log = (await logs()).at(-1)!;
    expect(log).toMatchObject({
      admin_id: admin.id,
      admin_email: admin.email,
      action: 'voice_names_updated',
    });
    expect(JSON.parse(log.metadata)).toEqual({
      changes: [
        { voiceId: ids['fake-tom'], from: null, to: 'Thomas' },
        { voiceId: ids['fake-ann'], from: null, to: 'Ann' },
      ],
    });
    // An empty name restores the engine's own.
    await as(admin, 'PUT', '/api/admin/voices/names', { voiceNames: { [ids['fake-tom']!]: '' } });
    expect(await featuredNames()).toEqual(['Tom', 'Ann', 'Zoe']);
  });

  it('features and hides voices: /voices lists featured voices only, hidden ones stay usable', async () => {
    const res = await as(admin, 'PUT', '/api/admin/voices/featured', {
      voiceIds: [ids['fake-ann']!, ids['fake-zoe']!],
      featured: false,
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await featuredNames()).toEqual(['Tom']);
    expect(await availableNames(user)).toEqual(['Tom', 'Ann', 'Zoe']);
    expect((await logs()).at(-1)).toMatchObject({ action: 'voices_unfeatured' });
    await as(admin, 'PUT', '/api/admin/voices/featured', {
      voiceIds: [ids['fake-zoe']!],
      featured: true,
    });
    expect(await featuredNames()).toEqual(['Tom', 'Zoe']);
    expect((await logs()).at(-1)).toMatchObject({ action: 'voices_featured' });
  });

  it('corrects a category, enables voices and imports, each logged', async () => {
    expect(
      (
        await as(admin, 'PUT', `/api/admin/voices/${ids['fake-zoe']}/category`, {
          category: 'children',
        })
      ).statusCode,
    ).toBe(204);
    expect((await logs()).at(-1)).toMatchObject({ action: 'voice_category_changed' });
    expect(
      (await as(admin, 'PUT', '/api/admin/voices/enabled', { enabledVoiceIds: [ids['fake-tom']!] }))
        .statusCode,
    ).toBe(204);
    expect(await availableNames(user)).toEqual(['Tom']);
    expect((await logs()).at(-1)).toMatchObject({ action: 'voices_enabled_updated' });
    const imported = await as(admin, 'POST', '/api/admin/voices/import', {});
    expect(imported.json()).toEqual({ voicesImported: 3, provider: 'the built-in engines' });
    expect((await logs()).at(-1)).toMatchObject({ action: 'voices_imported' });
    const zoe = adminVoiceListSchema
      .parse((await as(admin, 'GET', '/api/admin/voices')).json())
      .voices.find((v) => v.originalName === 'Zoe')!;
    expect(zoe.category).toBe('children');
  });

  it('restricts one user: the list and every use of a voice follow the permission', async () => {
    const other = await createUser(t, { tier: 'paid' });
    const res = await as(admin, 'PUT', `/api/admin/voice-permissions/${user.id}`, {
      voiceIds: [ids['fake-ann']!],
    });
    expect(res.json()).toEqual({ voiceIds: [ids['fake-ann']] });
    expect((await logs()).at(-1)).toMatchObject({
      action: 'voice_permissions_updated',
      target_user_id: user.id,
    });
    expect((await as(admin, 'GET', `/api/admin/voice-permissions/${user.id}`)).json()).toEqual({
      voiceIds: [ids['fake-ann']],
    });
    expect((await as(admin, 'GET', `/api/admin/voice-permissions/${other.id}`)).json()).toEqual({
      voiceIds: null,
    });
    expect(await availableNames(user)).toEqual(['Ann']);
    // A user without a permission row sees every enabled voice.
    expect(await availableNames(other)).toEqual(['Tom', 'Ann', 'Zoe']);

    const calls = engine.calls.length;
    const generate = (who: TestUser, voiceId: string) =>
      as(who, 'POST', '/api/readings', { voiceId, text: 'Restricted voices test.' });
    const refused = await generate(user, ids['fake-tom']!);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Voice not found');

    const script: Script = (
      await as(user, 'POST', '/api/scripts', {
        title: 'Kitchen',
        content: 'ANNA: You are late.\nBEN: The train stopped.\nANNA: It always stops.\n',
      })
    ).json();
    const benLine = script.analysis!.lines.find((l) => l.character === 'BEN')!;
    const line = await as(user, 'POST', '/api/rehearsal/line-audio', {
      scriptId: script.id,
      lineId: benLine.id,
      voiceId: ids['fake-tom'],
    });
    expect(line.statusCode).toBe(404);
    const track = await as(user, 'POST', '/api/rehearsal/reader-track', {
      scriptId: script.id,
      role: 'ANNA',
      voices: { BEN: ids['fake-tom'] },
    });
    expect(track.statusCode).toBe(404);
    expect(engine.calls.length).toBe(calls);
    expect((await as(user, 'GET', '/api/usage')).json().used, 'refusals cost nothing').toBe(0);

    // The permitted voice works for them, and the other user keeps every voice.
    const permitted = await as(user, 'POST', '/api/rehearsal/line-audio', {
      scriptId: script.id,
      lineId: benLine.id,
      voiceId: ids['fake-ann'],
    });
    expect(permitted.statusCode).toBe(200);
    expect((await generate(other, ids['fake-tom']!)).statusCode).toBe(200);

    // An empty list lifts the restriction.
    await as(admin, 'PUT', `/api/admin/voice-permissions/${user.id}`, { voiceIds: [] });
    expect(await availableNames(user)).toEqual(['Tom', 'Ann', 'Zoe']);
  });

  it('pages and searches users, and applies one list to every user in one logged change', async () => {
    const extra: TestUser[] = [];
    for (let i = 0; i < VOICE_PERMISSIONS_PAGE_SIZE + 3; i++)
      extra.push(await createUser(t, { email: `perm-${String(i).padStart(3, '0')}@example.com` }));
    const page = async (query: string) =>
      voicePermissionsPageSchema.parse(
        (await as(admin, 'GET', `/api/admin/voice-permissions${query}`)).json(),
      );
    const first = await page('?q=perm-');
    expect(first.users).toHaveLength(VOICE_PERMISSIONS_PAGE_SIZE);
    expect(first.users[0]).toEqual({
      userId: extra[0]!.id,
      email: 'perm-000@example.com',
      voiceIds: null,
    });
    const second = await page(`?q=perm-&after=${encodeURIComponent(first.nextAfter!)}`);
    expect(second.users.map((u) => u.email)).toEqual([
      'perm-050@example.com',
      'perm-051@example.com',
      'perm-052@example.com',
    ]);
    expect(second.nextAfter).toBeNull();
    expect((await page(`?q=${user.id}`)).users.map((u) => u.userId)).toEqual([user.id]);

    const all = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A restriction from before is replaced, not added to.
    await as(admin, 'PUT', `/api/admin/voice-permissions/${user.id}`, {
      voiceIds: [ids['fake-zoe']!],
    });
    const bulk = await as(admin, 'PUT', '/api/admin/voice-permissions', {
      voiceIds: [ids['fake-tom']!, ids['fake-ann']!],
    });
    expect(bulk.json()).toEqual({ usersUpdated: Number(all.n) });
    expect((await page('?q=perm-05')).users.map((u) => u.voiceIds)).toEqual(
      Array(3).fill([ids['fake-tom'], ids['fake-ann']].sort()),
    );
    expect(await availableNames(user)).toEqual(['Tom', 'Ann']);
    expect(
      Number(
        (
          await t.db.kysely
            .selectFrom('voice_permissions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(all.n) * 2);
    expect((await logs()).at(-1)).toMatchObject({ action: 'voice_permissions_bulk_updated' });

    await as(admin, 'PUT', '/api/admin/voice-permissions', { voiceIds: [] });
    expect(await availableNames(user)).toEqual(['Tom', 'Ann', 'Zoe']);
  });
});
