import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app';

/** The policy, directive by directive (no inline or third-party script; audio from blob:). */
const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

const directives = (header: unknown) =>
  String(header)
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);

function expectHardened(
  res: LightMyRequestResponse,
  permissions = 'camera=(), geolocation=(), microphone=(self)',
) {
  expect(directives(res.headers['content-security-policy'])).toEqual(POLICY);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toBe(permissions);
}

describe('security headers (helmet)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every kind of answer carries the same policy and headers, and no HSTS over http', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/healthz' }),
      await t.request({ method: 'GET', url: '/api/plans' }),
      await t.request({ method: 'GET', url: '/api/no-such-route' }),
      await t.request({ method: 'GET', url: '/api/auth/account' }),
      await t.request({ method: 'POST', url: '/api/contact-messages', payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 400]);
    for (const res of answers) {
      expectHardened(res);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('refusals made before the handler runs carry them too (NUL in input, shutting down)', async () => {
    const nul = await t.request({ method: 'GET', url: '/api/session?x=%00' });
    expect(nul.statusCode).toBe(400);
    expectHardened(nul);
    const stopping = await createTestApp();
    onTestFinished(() => stopping.close());
    stopping.beginShutdown();
    const closing = await stopping.request({ method: 'GET', url: '/api/plans' });
    expect(closing.statusCode).toBe(503);
    expectHardened(closing);
  });

  it('the camera is allowed to the site itself on the practice pages only', async () => {
    const recording = 'camera=(self), geolocation=(), microphone=(self)';
    for (const url of [
      '/practice',
      '/practice?script=abc',
      '/practice/abc',
      '/practice/abc/self-tape',
    ])
      expectHardened(await t.request({ method: 'GET', url }), recording);
    for (const url of [
      '/',
      '/practices',
      '/practice-run',
      '/studio',
      '/api/practice',
      '/x/practice',
    ])
      expectHardened(await t.request({ method: 'GET', url }));
  });

  it('HSTS for a year with subdomains in production over https', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_URL: 'https://doublecast.example',
        AUTH_SECRET: 'a-test-secret-of-at-least-32-characters',
      },
    });
    try {
      const res = await prod.request({ method: 'GET', url: '/api/plans' });
      expectHardened(res);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await prod.close();
    }
  });
});
