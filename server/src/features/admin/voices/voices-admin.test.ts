import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminVoiceListSchema,
  voiceListSchema,
  voicePermissionsSchema,
} from '@doublecast/common/voices';
import { createFakeVoiceEngine } from '../../../test/fake-voice-engine';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, type TestUser } from '../../../test/factories';

describe('admin voice routes', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ engine: createFakeVoiceEngine() });
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
  });

  const routes: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/admin/voices'],
    ['POST', '/api/admin/voices/import', {}],
    ['PUT', '/api/admin/voices/names', { voiceNames: {} }],
    ['PUT', '/api/admin/voices/enabled', { enabledVoiceIds: [] }],
    ['PUT', '/api/admin/voices/featured', { voiceIds: ['x'], featured: false }],
    ['PUT', '/api/admin/voices/x/category', { category: 'men' }],
    ['GET', '/api/admin/voice-permissions'],
    ['PUT', '/api/admin/voice-permissions/x', { voiceIds: [] }],
  ];

  it.each(routes)(
    '%s %s refuses visitors (401) and users (403) and changes nothing',
    async (method, url, payload) => {
      const before = await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute();
      expect((await t.request({ method: method as 'GET', url, payload })).statusCode).toBe(401);
      const res = await t.request({ method: method as 'GET', url, payload, cookie: user.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('permission-denied');
      expect(await t.db.kysely.selectFrom('voices').selectAll().orderBy('id').execute()).toEqual(
        before,
      );
    },
  );

  it('lets an admin rename, feature, enable, recategorise, import and set permissions', async () => {
    const as = (method: string, url: string, payload?: Record<string, unknown>) =>
      t.request({ method: method as 'GET', url, payload, cookie: admin.cookie });
    const list = adminVoiceListSchema.parse((await as('GET', '/api/admin/voices')).json()).voices;
    expect(list.map((v) => [v.name, v.enabled, v.available])).toEqual([
      ['Tom', true, true],
      ['Ann', true, true],
      ['Zoe', true, true],
    ]);

    expect(
      (await as('PUT', '/api/admin/voices/names', { voiceNames: { [ids['fake-tom']!]: 'Thomas' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await as('PUT', '/api/admin/voices/featured', {
          voiceIds: [ids['fake-ann']!],
          featured: false,
        })
      ).json(),
    ).toEqual({ updated: 1 });
    expect(
      (await as('PUT', `/api/admin/voices/${ids['fake-zoe']}/category`, { category: 'women' }))
        .statusCode,
    ).toBe(200);
    const publicList = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices/featured' })).json(),
    ).voices;
    expect(publicList.map((v) => [v.name, v.category])).toEqual([
      ['Thomas', 'men'],
      ['Zoe', 'women'],
    ]);

    expect(
      (await as('PUT', '/api/admin/voices/enabled', { enabledVoiceIds: [ids['fake-tom']!] }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await as('PUT', `/api/admin/voice-permissions/${user.id}`, {
          voiceIds: [ids['fake-tom']!, ids['fake-ann']!],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      voicePermissionsSchema
        .parse((await as('GET', '/api/admin/voice-permissions')).json())
        .permissions[user.id]?.sort(),
    ).toEqual([ids['fake-tom'], ids['fake-ann']].sort());
    const mine = voiceListSchema.parse(
      (await t.request({ method: 'GET', url: '/api/voices', cookie: user.cookie })).json(),
    ).voices;
    expect(mine.map((v) => v.name)).toEqual(['Thomas']);

    expect(
      (await as('PUT', `/api/admin/voice-permissions/${user.id}`, { voiceIds: ['nope'] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as('PUT', '/api/admin/voice-permissions/nobody', { voiceIds: [] })).statusCode,
    ).toBe(404);
    expect(
      (await as('PUT', '/api/admin/voices/nope/category', { category: 'men' })).statusCode,
    ).toBe(404);
    expect(
      (await as('PUT', `/api/admin/voices/${ids['fake-tom']}/category`, { category: 'aliens' }))
        .statusCode,
    ).toBe(400);
    expect((await as('POST', '/api/admin/voices/import', {})).json()).toEqual({
      voicesImported: 3,
    });
  });
});
