import {
  BLOG_PAGE_SIZE,
  BLOG_POST_NOT_FOUND_ERROR,
  blogExcerpt,
  type BlogListResponse,
  type BlogPost,
  type BlogPostSummary,
} from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import {
  countPublishedBlogPostView,
  findPublishedSlugByOldSlug,
  listPublishedBlogPosts,
  type BlogListRow,
  type BlogPostRow,
} from './blog.repository';
import { safeUrl } from './sanitize-html';
import { sanitizeBlogHtml } from './sanitize-off-loop';

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
    featuredImage: featuredImageUrl(row.featured_image),
    createdAt: row.created_at,
  };
}

/** Featured images are shown only from https addresses (docs/glossary.md#S8); the server never fetches them. */
function featuredImageUrl(stored: string | null): string | null {
  return stored ? safeUrl(stored, ['https:']) : null;
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

/**
 * A published post by its slug, counting this view. The stored HTML is sanitised here, as it
 * is served (docs/glossary.md#S6): whatever reached the table, only allow-listed markup leaves the server.
 */
export async function viewPublicBlogPost(
  ctx: Pick<AppContext, 'db'>,
  options: { slug: string },
): Promise<BlogPost> {
  const row = await countPublishedBlogPostView(ctx.db.kysely, options.slug);
  if (!row) throw new AppError('not-found', BLOG_POST_NOT_FOUND_ERROR);
  return toBlogPost(row);
}

/**
 * A published post as the API serves it: sanitised body (off the event loop when long, and
 * remembered by its stored HTML, so an edit needs no invalidating), tags as a list, https images.
 */
export async function toBlogPost(row: BlogPostRow): Promise<BlogPost> {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt?.trim() || null,
    author: row.author,
    tags: parseTags(row.tags),
    featuredImage: featuredImageUrl(row.featured_image),
    contentHtml: await sanitizeBlogHtml(row.content),
    views: Number(row.views),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The current slug of a published post that `slug` used to name, or null. */
export async function findMovedBlogSlug(
  ctx: Pick<AppContext, 'db'>,
  slug: string,
): Promise<string | null> {
  return (await findPublishedSlugByOldSlug(ctx.db.kysely, slug)) ?? null;
}
