import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** Routes whose schemas are declared in full (params, query, body and every response). */
const DECLARED: [method: string, path: string][] = [
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/api/plans'],
  ['get', '/api/session'],
  ['post', '/api/contact-messages'],
  ['post', '/api/events'],
  ['get', '/api/blog/posts'],
  ['get', '/api/blog/posts/{slug}'],
  ['post', '/api/auth/sign-in'],
  ['post', '/api/auth/magic-link'],
  ['post', '/api/auth/magic-link/verify'],
  ['post', '/api/auth/forgot-password'],
  ['post', '/api/auth/reset-password'],
  ['post', '/api/auth/change-password'],
  ['post', '/api/auth/set-password'],
  ['get', '/api/auth/account'],
  ['post', '/api/auth/sign-out'],
  ['get', '/api/preferences'],
  ['patch', '/api/preferences'],
  ['get', '/api/admin/monitor/cards'],
  ['get', '/api/admin/monitor/trends'],
  ['get', '/api/admin/monitor/hourly'],
  ['get', '/api/admin/monitor/voices'],
  ['get', '/api/admin/monitor/recent'],
  ['get', '/api/admin/monitor/providers'],
  ['get', '/api/admin/monitor/events'],
  ['post', '/api/checkout'],
  ['post', '/api/verify-session'],
  ['get', '/api/subscription'],
  ['post', '/api/subscription/cancel'],
  ['post', '/api/billing-portal'],
  ['get', '/api/test-checkout/{id}'],
  ['post', '/api/test-checkout/{id}/pay'],
  ['post', '/api/test-checkout/{id}/cancel'],
  ['post', '/api/webhooks/stripe'],
  ['get', '/api/usage'],
  ['get', '/api/readings'],
  ['get', '/api/readings/{id}/audio'],
  ['delete', '/api/readings/{id}'],
  ['post', '/api/readings/{id}/plays'],
  ['post', '/api/readings'],
  ['get', '/api/voices'],
  ['get', '/api/voices/featured'],
  ['get', '/api/voices/{id}/preview'],
  ['post', '/api/rehearsal/plan'],
  ['post', '/api/rehearsal/line-audio'],
  ['post', '/api/rehearsal/reader-track'],
  ['get', '/api/scripts'],
  ['post', '/api/scripts'],
  ['post', '/api/scripts/import'],
  ['get', '/api/scripts/{id}'],
  ['put', '/api/scripts/{id}'],
  ['post', '/api/scripts/{id}/rename-character'],
  ['patch', '/api/scripts/{id}/archive'],
  ['delete', '/api/scripts/{id}'],
  ['get', '/api/admin/voices'],
  ['post', '/api/admin/voices/import'],
  ['put', '/api/admin/voices/names'],
  ['put', '/api/admin/voices/enabled'],
  ['put', '/api/admin/voices/featured'],
  ['put', '/api/admin/voices/{id}/category'],
  ['get', '/api/admin/voice-permissions'],
  ['put', '/api/admin/voice-permissions'],
  ['get', '/api/admin/voice-permissions/{userId}'],
  ['put', '/api/admin/voice-permissions/{userId}'],
];

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('declared contracts: /api/openapi.json and /api/docs', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('lists every route the app serves (but the docs themselves and the web app)', () => {
    const served = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => r.url !== OPENAPI_PATH && !r.url.startsWith(DOCS_PREFIX))
      .filter(
        (r) => r.url.startsWith('/api/') || r.url.startsWith('/healthz') || r.url === '/readyz',
      );
    expect(served.length).toBeGreaterThan(30);
    const missing = served.filter(
      (r) => !doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
  });

  it('declared routes carry a schema for every answer they give', () => {
    for (const [method, path] of DECLARED) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      const ok = Object.keys(responses).filter((s) => s.startsWith('2'));
      expect(ok, `${method} ${path}`).not.toEqual([]);
      for (const status of ok) {
        const body = responses[status] as { content?: Record<string, { schema?: unknown }> };
        if (status === '204') continue;
        const schemas = Object.values(body.content ?? {}).map((c) => c.schema);
        expect(schemas, `${method} ${path} ${status}`).not.toEqual([]);
        for (const schema of schemas) expect(schema, `${method} ${path} ${status}`).toBeTruthy();
      }
    }
  });

  it('refuses input by the declared schema with the one error shape and the spec text', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'A', email: 'a@example.com', subject: ' ', message: 'm' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid-argument',
      message: 'Please fill in all fields',
      details: { issues: [{ path: 'subject', message: 'Please fill in all fields' }] },
    });
    const noBody = await t.request({ method: 'POST', url: '/api/contact-messages' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toBe('Please fill in all fields');
  });

  it('serves a readable reference at /api/docs', async () => {
    const res = await t.request({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});

describe('in production the description and the reference are for admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'a-test-secret-of-at-least-32-characters' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signed out 401, a plain user 403, an admin 200', async () => {
    for (const url of [OPENAPI_PATH, `${DOCS_PREFIX}/`]) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
      const user = await createUser(t);
      expect((await t.request({ method: 'GET', url, cookie: user.cookie })).statusCode, url).toBe(
        403,
      );
      const admin = await createUser(t, { role: 'admin' });
      expect((await t.request({ method: 'GET', url, cookie: admin.cookie })).statusCode, url).toBe(
        200,
      );
    }
  });
});
