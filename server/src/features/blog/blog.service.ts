import {
  BLOG_PAGE_SIZE,
  blogExcerpt,
  type BlogListResponse,
  type BlogPostSummary,
} from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { listPublishedBlogPosts, type BlogListRow } from './blog.repository';

interface Cursor {
  createdAt: string;
  id: string;
}

function encodeCursor(row: BlogListRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('invalid-argument', 'Invalid page cursor');
}

/** Tags are stored as a JSON list; an older comma-separated string is read as well. */
export function parseTags(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  } catch {
    // Not JSON: a comma-separated list.
  }
  return stored
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function toSummary(row: BlogListRow): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: blogExcerpt(row),
    author: row.author,
    tags: parseTags(row.tags),
    featuredImage: row.featured_image,
    createdAt: row.created_at,
  };
}

/** One page of published posts, newest first; `hasMore` is found by reading one row extra. */
export async function listPublicBlogPosts(
  ctx: Pick<AppContext, 'db'>,
  options: { cursor?: string; pageSize?: number },
): Promise<BlogListResponse> {
  const pageSize = options.pageSize ?? BLOG_PAGE_SIZE;
  const rows = await listPublishedBlogPosts(ctx.db.kysely, {
    after: options.cursor ? decodeCursor(options.cursor) : undefined,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const hasMore = rows.length > pageSize;
  return {
    posts: page.map(toSummary),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page[page.length - 1]!) : null,
  };
}
