import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { RATE_LIMITS } from './rate-limit';

const contact = (i: number) => ({
  name: 'Ada',
  email: `ada${i}@example.com`,
  subject: 'Hello',
  message: 'A message',
});

describe('rate limits from the one table (@fastify/rate-limit)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (remoteAddress: string, i: number) =>
    t.request({ method: 'POST', url: '/api/contact-messages', payload: contact(i), remoteAddress });

  it('the contact form: the 6th message in 10 minutes from one address gets 429, then the window passes', async () => {
    const { max, windowMs } = RATE_LIMITS.contact;
    for (let i = 0; i < max; i++) expect((await send('198.51.100.1', i)).statusCode).toBe(201);
    const refused = await send('198.51.100.1', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'Too many requests. Please try again later.',
      details: { retryAfterSeconds: Number(refused.headers['retry-after']) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    // Another address is counted on its own.
    expect((await send('198.51.100.2', 100)).statusCode).toBe(201);
    t.clock.advance(windowMs + 1000);
    expect((await send('198.51.100.1', 101)).statusCode).toBe(201);
  });

  it('IPv6 addresses of one /64 network share a count; another network does not', async () => {
    const { max } = RATE_LIMITS.contact;
    for (let i = 0; i < max; i++)
      expect((await send(`2001:db8:1:2::${i + 1}`, i)).statusCode).toBe(201);
    expect((await send('2001:db8:1:2:ffff::9', 50)).statusCode).toBe(429);
    expect((await send('2001:db8:1:3::1', 51)).statusCode).toBe(201);
  });

  it('each row counts on its own: one address at its contact limit can still send events', async () => {
    const ip = '198.51.100.30';
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) await send(ip, i);
    expect((await send(ip, 7)).statusCode).toBe(429);
    const event = await t.request({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'page_view', properties: {} },
      remoteAddress: ip,
    });
    expect(event.statusCode).toBe(204);
  });
});
