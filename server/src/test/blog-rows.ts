import type { BlogPostsTable } from '../db/schema-blog';

/** A blog_posts row for tests: post n is created n minutes into 2026, so newer than n-1. */
export function blogPostRow(n: number, overrides: Partial<BlogPostsTable> = {}): BlogPostsTable {
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
