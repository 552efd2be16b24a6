import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogListResponseSchema, blogPostSchema, BLOG_PAGE_SIZE } from '@doublecast/common/blog';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertBlogPost } from './blog.repository';
import { blogPostRow as post } from '../../test/blog-rows';

describe('GET /api/blog/posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (cursor?: string) => {
    const res = await t.request({
      method: 'GET',
      url: cursor ? `/api/blog/posts?cursor=${encodeURIComponent(cursor)}` : '/api/blog/posts',
    });
    expect(res.statusCode).toBe(200);
    return blogListResponseSchema.parse(res.json());
  };

  it('answers an empty list with no more pages when nothing is published', async () => {
    expect(await list()).toEqual({ posts: [], hasMore: false, nextCursor: null });
  });

  it('pages through published posts newest first, 12 at a time, skipping drafts', async () => {
    for (let n = 1; n <= 26; n++) await insertBlogPost(t.db.kysely, post(n));
    await insertBlogPost(t.db.kysely, post(99, { id: 'draft', slug: 'draft', published: 0 }));

    const first = await list();
    expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.posts.map((p) => p.title).slice(0, 3)).toEqual(['Post 26', 'Post 25', 'Post 24']);
    expect(first.hasMore).toBe(true);

    const second = await list(first.nextCursor!);
    expect(second.posts.map((p) => p.title)[0]).toBe('Post 14');
    expect(second.hasMore).toBe(true);

    const third = await list(second.nextCursor!);
    expect(third.posts.map((p) => p.title)).toEqual(['Post 2', 'Post 1']);
    expect(third.hasMore).toBe(false);
    expect(third.nextCursor).toBeNull();

    const all = [...first.posts, ...second.posts, ...third.posts];
    expect(new Set(all.map((p) => p.id)).size).toBe(26);
    expect(all.some((p) => p.id === 'draft')).toBe(false);
  });

  it('shapes each post for a card: excerpt fallback, tag list, image, no full content', async () => {
    await insertBlogPost(
      t.db.kysely,
      post(500, {
        id: 'card',
        slug: 'card',
        excerpt: null,
        content: '<h2>Cold reads</h2><p>Tips &amp; tricks</p>',
        tags: 'self-tape, cold read',
        featured_image: 'https://images.example.com/a.jpg',
      }),
    );
    const [card] = (await list()).posts;
    expect(card).toEqual({
      id: 'card',
      title: 'Post 500',
      slug: 'card',
      excerpt: 'Cold reads Tips & tricks',
      author: 'Doublecast Team',
      tags: ['self-tape', 'cold read'],
      featuredImage: 'https://images.example.com/a.jpg',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 500)).toISOString(),
    });
    expect(card).not.toHaveProperty('content');
  });

  it('keeps posts with the same creation time apart by id', async () => {
    const app = await createTestApp();
    try {
      for (let n = 0; n < 13; n++) {
        await insertBlogPost(
          app.db.kysely,
          post(1, { id: `same-${String(n).padStart(2, '0')}`, slug: `same-${n}` }),
        );
      }
      const res1 = blogListResponseSchema.parse(
        (await app.request({ method: 'GET', url: '/api/blog/posts' })).json(),
      );
      const res2 = blogListResponseSchema.parse(
        (
          await app.request({
            method: 'GET',
            url: `/api/blog/posts?cursor=${res1.nextCursor}`,
          })
        ).json(),
      );
      expect(res1.posts).toHaveLength(12);
      expect(res2.posts.map((p) => p.id)).toEqual(['same-00']);
    } finally {
      await app.close();
    }
  });

  it('refuses a malformed cursor with invalid-argument', async () => {
    const res = await t.request({ method: 'GET', url: '/api/blog/posts?cursor=not-a-cursor' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('answers 304 to a repeat request with the same ETag', async () => {
    const first = await t.request({ method: 'GET', url: '/api/blog/posts' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.request({
      method: 'GET',
      url: '/api/blog/posts',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/blog/posts/:slug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertBlogPost(
      t.db.kysely,
      post(1, {
        id: 'shown',
        slug: 'cold-reads',
        title: 'Cold reads',
        excerpt: '  ',
        content:
          '<h2>Warm up</h2><p>Read <strong>twice</strong>.</p><script>alert(1)</script>' +
          '<img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a>' +
          '<a href="https://doublecast.example/pricing" onclick="alert(1)">good</a>',
        tags: '["acting","audition"]',
        featured_image: 'https://images.example.com/cold.jpg',
        views: 41,
      }),
    );
    await insertBlogPost(t.db.kysely, post(2, { id: 'draft', slug: 'draft', published: 0 }));
  });
  afterAll(async () => {
    await t.close();
  });

  const views = async (id: string) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('blog_posts')
          .select('views')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).views,
    );

  it('answers the published post with sanitised HTML and counts the view', async () => {
    const res = await t.request({ method: 'GET', url: '/api/blog/posts/cold-reads' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = blogPostSchema.parse(res.json());
    expect(body).toEqual({
      id: 'shown',
      title: 'Cold reads',
      slug: 'cold-reads',
      excerpt: null,
      author: 'Doublecast Team',
      tags: ['acting', 'audition'],
      featuredImage: 'https://images.example.com/cold.jpg',
      contentHtml:
        '<h2>Warm up</h2><p>Read <strong>twice</strong>.</p>bad' +
        '<a href="https://doublecast.example/pricing" rel="noopener noreferrer nofollow">good</a>',
      views: 42,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString(),
    });
    expect(await views('shown')).toBe(42);
    const again = blogPostSchema.parse(
      (await t.request({ method: 'GET', url: '/api/blog/posts/cold-reads' })).json(),
    );
    expect(again.views).toBe(43);
  });

  it('loses no view when many readers arrive at once (one UPDATE, no read-then-write)', async () => {
    const before = await views('shown');
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.request({ method: 'GET', url: '/api/blog/posts/cold-reads' }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await views('shown')).toBe(before + 25);
    const seen = answers.map((r) => blogPostSchema.parse(r.json()).views).sort((a, b) => a - b);
    expect(new Set(seen).size).toBe(25);
  });

  it('answers not-found for a draft or an unknown slug, and counts nothing', async () => {
    for (const slug of ['draft', 'no-such-post']) {
      const res = await t.request({ method: 'GET', url: `/api/blog/posts/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Post not found' } });
    }
    expect(await views('draft')).toBe(0);
  });

  it('does not count a HEAD request', async () => {
    const before = await views('shown');
    const res = await t.request({ method: 'HEAD', url: '/api/blog/posts/cold-reads' });
    expect(res.statusCode).not.toBe(200);
    expect(await views('shown')).toBe(before);
  });

  it('shows a featured image only from https and never fetches it (loopback canary)', async () => {
    let hits = 0;
    const canary = http.createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const { port } = canary.address() as AddressInfo;
    try {
      await insertBlogPost(
        t.db.kysely,
        post(3, {
          id: 'http-image',
          slug: 'http-image',
          featured_image: `http://127.0.0.1:${port}/a.png`,
        }),
      );
      await insertBlogPost(
        t.db.kysely,
        post(4, {
          id: 'https-image',
          slug: 'https-image',
          featured_image: `https://127.0.0.1:${port}/a.png`,
        }),
      );
      await insertBlogPost(
        t.db.kysely,
        post(5, { id: 'js-image', slug: 'js-image', featured_image: 'javascript:alert(1)' }),
      );
      const image = async (slug: string) =>
        blogPostSchema.parse(
          (await t.request({ method: 'GET', url: `/api/blog/posts/${slug}` })).json(),
        ).featuredImage;
      expect(await image('http-image')).toBeNull();
      expect(await image('https-image')).toBe(`https://127.0.0.1:${port}/a.png`);
      expect(await image('js-image')).toBeNull();
      const list = blogListResponseSchema.parse(
        (await t.request({ method: 'GET', url: '/api/blog/posts' })).json(),
      );
      expect(list.posts.find((p) => p.id === 'http-image')?.featuredImage).toBeNull();
      expect(list.posts.find((p) => p.id === 'js-image')?.featuredImage).toBeNull();
      await new Promise((r) => setTimeout(r, 50));
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => canary.close(resolve));
    }
  });

  it('refuses an over-long slug with invalid-argument', async () => {
    const res = await t.request({ method: 'GET', url: `/api/blog/posts/${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });
});
