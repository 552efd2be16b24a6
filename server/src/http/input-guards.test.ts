import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { redactUrl } from './input-guards';

describe('input guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a NUL character anywhere in the input with 400 and stores nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'A\u0000', email: 'a@example.com', subject: 's', message: 'm' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid-argument', message: 'Invalid characters in request' },
    });
    const user = await createUser(t);
    const inQuery = await t.request({
      method: 'GET',
      url: '/api/session?x=%00',
      cookie: user.cookie,
    });
    expect(inQuery.statusCode).toBe(400);
    const rows = await t.db.kysely.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('answers a malformed URL in the one error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/plans/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: 'Invalid request' } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'x'.repeat(70 * 1024), email: 'a@example.com', subject: 's', message: 'm' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'invalid-argument',
      message: 'Request body is too large',
    });
  });

  it.each([
    ['/finish-sign-up?token=abc123&x=1', '/finish-sign-up?token=[redacted]&x=1'],
    ['/reset-password?x=1&token=abc', '/reset-password?x=1&token=[redacted]'],
    ['/subscribe/success?session_id=cs_123', '/subscribe/success?session_id=[redacted]'],
    ['/voices?autoplay=tom', '/voices?autoplay=tom'],
  ])('redacts one-time tokens from logged URLs: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
