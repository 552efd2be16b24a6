import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_REQUIRED_MESSAGE } from '@doublecast/common/contact';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('contact messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['an empty body', {}],
    ['a blank name', { name: '   ', email: 'a@b.co', subject: 's', message: 'm' }],
    ['a missing message', { name: 'A', email: 'a@b.co', subject: 's' }],
  ])('refuses %s with the spec text and stores nothing', async (_label, payload) => {
    const res = await t.request({ method: 'POST', url: '/api/contact-messages', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      message: CONTACT_REQUIRED_MESSAGE,
    });
    expect(await count()).toBe(0);
  });

  it('stores exactly one unread row with the user agent and no user id when signed out', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.kysely.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json().id,
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'A question',
      status: 'unread',
      user_agent: 'TestBrowser/1.0',
      user_id: null,
      created_at: '2026-03-15T12:00:00.000Z',
    });
  });

  it('refuses a forged cross-site post with 403 and writes nothing', async () => {
    const before = await count();
    const payload = { name: 'X', email: 'x@example.com', subject: 'x', message: 'x' };
    const forged: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
      { origin: 'https://evil.example' },
      {},
    ];
    for (const headers of forged) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(res.statusCode).toBe(403);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
      },
      payload: 'name=X&email=x%40example.com&subject=x&message=x',
    });
    expect(form.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
