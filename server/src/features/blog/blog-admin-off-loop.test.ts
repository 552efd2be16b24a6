import { afterAll, describe, expect, it, vi } from 'vitest';
import { blogAdminPostSchema } from '@doublecast/common/blog';
import type { TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { withAdminTestApp } from '../../test/admin-test-app';
import type * as SanitizeHtml from './sanitize-html';
import { closeBlogSanitizer, INLINE_SANITIZE_LIMIT } from './sanitize-off-loop';

/** The lengths of the bodies this thread sanitised itself (the worker thread's are not here). */
const inline = vi.hoisted(() => ({ lengths: [] as number[] }));
vi.mock('./sanitize-html', async (importOriginal) => {
  const real = await importOriginal<typeof SanitizeHtml>();
  return {
    ...real,
    sanitizeHtml: (input: string) => {
      inline.lengths.push(input.length);
      return real.sanitizeHtml(input);
    },
  };
});

describe('admin blog API with a long post (decision 144)', () => {
  let t: TestApp, admin: TestUser;
  withAdminTestApp({ now: '2026-03-15T12:00:00.000Z' }, (s) => ({ t, admin } = s));
  afterAll(() => closeBlogSanitizer());

  const paragraph =
    '<p>A <b>long</b> post <i>for</i> the <a href="https://example.com/">editor</a></p>';
  const long = (marker: string) =>
    `<h2>${marker}</h2>` +
    paragraph.repeat(Math.ceil((INLINE_SANITIZE_LIMIT * 8) / paragraph.length));
  const body = {
    title: 'A Long Post',
    excerpt: '',
    author: 'Ava',
    tags: [],
    featuredImage: '',
    published: false,
  };

  it('saves, loads, publishes and serves it without sanitising on the event loop', async () => {
    const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
      const res = await t.request({ method, url, payload, cookie: admin.cookie });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as unknown;
    };
    const created = blogAdminPostSchema.parse(
      await call('POST', '/api/admin/blog/posts', { ...body, content: long('first') }),
    );
    expect(created.content).toContain('<h2>first</h2>');
    const url = `/api/admin/blog/posts/${created.id}`;
    const updated = blogAdminPostSchema.parse(
      await call('PUT', url, { ...body, content: long('second') }),
    );
    expect(updated.content).toContain('<h2>second</h2>');
    expect(blogAdminPostSchema.parse(await call('GET', url)).content).toBe(updated.content);
    const published = blogAdminPostSchema.parse(
      await call('PUT', `${url}/published`, { published: true }),
    );
    expect(published.content).toBe(updated.content);
    const served = (await call('GET', `/api/blog/posts/${created.slug}`)) as {
      contentHtml: string;
    };
    expect(served.contentHtml).toBe(updated.content);
    expect(inline.lengths.filter((n) => n > INLINE_SANITIZE_LIMIT)).toEqual([]);
  });
});
