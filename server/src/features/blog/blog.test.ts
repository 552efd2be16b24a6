import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogListResponseSchema, BLOG_PAGE_SIZE } from '@doublecast/common/blog';
import type { BlogPostsTable } from '../../db/schema-blog';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertBlogPost } from './blog.repository';

function post(n: number, overrides: Partial<BlogPostsTable> = {}): BlogPostsTable {
  // Minutes apart, so post n is newer than post n-1.
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    id: `post-${String(n).padStart(3, '0')}`,
    title: `Post ${n}`,
    slug: `post-${n}`,
    excerpt: `Excerpt ${n}`,
    content: `<p>Content ${n}</p>`,
    author: 'Doublecast Team',
    tags: '["acting","audition"]',
    featured_image: null,
    published: 1,
    views: 0,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

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
