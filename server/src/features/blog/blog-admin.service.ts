import type { blogPostInputSchema } from '@doublecast/common/blog';
import {
  BLOG_ADMIN_PAGE_SIZE,
  BLOG_CONTENT_REQUIRED,
  BLOG_DEFAULT_AUTHOR,
  BLOG_MANAGER_EXCERPT_LENGTH,
  BLOG_POST_NOT_FOUND_ERROR,
  blogExcerpt,
  slugifyTitle,
  stripHtml,
  type BlogAdminList,
  type BlogAdminPost,
} from '@doublecast/common/blog';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { transaction, type Executor } from '../../db/connection';
import type { BlogPostsTable } from '../../db/schema-blog';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { recordAdminAction } from '../../shared/admin-log.service';
import {
  deleteBlogPostRow,
  findBlogPostById,
  findTakenSlugs,
  insertBlogPost,
  listAllBlogPosts,
  rememberOldSlug,
  setBlogPostPublished,
  updateBlogPostRow,
} from './blog.repository';
import { parseTags } from './blog.service';
import { sanitizeBlogHtml } from './sanitize-off-loop';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type PostInput = z.output<typeof blogPostInputSchema>;
type Admin = Pick<SessionUser, 'id' | 'email'>;

function notFound(): AppError {
  return new AppError('not-found', BLOG_POST_NOT_FOUND_ERROR);
}

/** The post as the editor gets it; `content` is the stored HTML sanitised (`sanitizedContent`). */
function toAdminPost(row: BlogPostsTable, content: string): BlogAdminPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt ?? '',
    content,
    author: row.author,
    tags: parseTags(row.tags),
    featuredImage: row.featured_image ?? '',
    published: Number(row.published) === 1,
    views: Number(row.views),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Sanitised when stored and again as it leaves (docs/glossary.md#S6), whatever reached the
 * table; off the event loop when long (decision 144), so never inside a transaction.
 */
const sanitizedContent = (row: BlogPostsTable) => sanitizeBlogHtml(row.content);

/** The sanitised content, refused when nothing readable is left (only markup or spaces). */
async function cleanContent(html: string): Promise<string> {
  const clean = await sanitizeBlogHtml(html);
  if (!stripHtml(clean) && !/<img\s/i.test(clean)) {
    throw new AppError('invalid-argument', BLOG_CONTENT_REQUIRED);
  }
  return clean;
}

/** The first slug from `title` that no other post holds now or held before: base, base-2, ... */
async function uniqueSlug(db: Executor, title: string, postId: string | null): Promise<string> {
  const base = slugifyTitle(title);
  const taken = await findTakenSlugs(db, base, postId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Runs a write whose slug was chosen inside it. On PostgreSQL two writers can choose the same
 * free slug at once; the unique index refuses the second, which then chooses again.
 */
async function withSlugRetry<T>(ctx: Ctx, fn: (trx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(ctx.db, fn);
    } catch (e) {
      if (attempt < 5 && isUniqueViolation(e)) continue;
      throw e;
    }
  }
}

function logEntry(admin: Admin, at: string, post: { id: string; title: string; slug: string }) {
  return {
    admin,
    targetUserId: null,
    metadata: { postId: post.id, title: post.title, slug: post.slug },
    at,
  };
}

export async function listBlogPostsForAdmin(
  ctx: Ctx,
  options: { page: number },
): Promise<BlogAdminList> {
  const pageSize = BLOG_ADMIN_PAGE_SIZE;
  const { rows, total } = await listAllBlogPosts(ctx.db.kysely, {
    limit: pageSize,
    offset: (options.page - 1) * pageSize,
  });
  return {
    posts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: blogExcerpt(row, BLOG_MANAGER_EXCERPT_LENGTH),
      published: Number(row.published) === 1,
      views: Number(row.views),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    page: options.page,
    pageSize,
    total,
    hasMore: options.page * pageSize < total,
  };
}

export async function getBlogPostForAdmin(ctx: Ctx, id: string): Promise<BlogAdminPost> {
  const row = await findBlogPostById(ctx.db.kysely, id);
  if (!row) throw notFound();
  return toAdminPost(row, await sanitizedContent(row));
}

function storedFields(input: PostInput, content: string) {
  return {
    title: input.title,
    excerpt: input.excerpt || null,
    content,
    author: input.author || BLOG_DEFAULT_AUTHOR,
    tags: JSON.stringify(input.tags),
    featured_image: input.featuredImage || null,
    published: input.published ? 1 : 0,
  };
}

/** Creates a post (draft or published, as the editor says) and logs it in the same transaction. */
export async function createBlogPost(
  ctx: Ctx,
  options: { admin: Admin; input: PostInput },
): Promise<BlogAdminPost> {
  const content = await cleanContent(options.input.content);
  const id = newId();
  const at = ctx.clock.now().toISOString();
  const row = await withSlugRetry(ctx, async (trx): Promise<BlogPostsTable> => {
    const row: BlogPostsTable = {
      id,
      slug: await uniqueSlug(trx, options.input.title, null),
      ...storedFields(options.input, content),
      views: 0,
      created_at: at,
      updated_at: at,
    };
    await insertBlogPost(trx, row);
    await recordAdminAction(trx, {
      ...logEntry(options.admin, at, row),
      action: 'blog_post_created',
    });
    return row;
  });
  return toAdminPost(row, await sanitizedContent(row));
}

/**
 * Saves the editor's fields. A draft's slug follows its title; a published post keeps its
 * address. When a slug does change, the old one is kept so links to it answer 301.
 */
export async function updateBlogPost(
  ctx: Ctx,
  options: { admin: Admin; id: string; input: PostInput },
): Promise<BlogAdminPost> {
  const content = await cleanContent(options.input.content);
  const at = ctx.clock.now().toISOString();
  const row = await withSlugRetry(ctx, async (trx): Promise<BlogPostsTable> => {
    const current = await findBlogPostById(trx, options.id);
    if (!current) throw notFound();
    const isPublished = Number(current.published) === 1;
    const slug =
      isPublished || current.title === options.input.title
        ? current.slug
        : await uniqueSlug(trx, options.input.title, current.id);
    const values = { slug, ...storedFields(options.input, content), updated_at: at };
    await updateBlogPostRow(trx, current.id, values);
    if (slug !== current.slug) {
      await rememberOldSlug(trx, { oldSlug: current.slug, newSlug: slug, postId: current.id, at });
    }
    const row: BlogPostsTable = { ...current, ...values };
    await recordAdminAction(trx, {
      ...logEntry(options.admin, at, row),
      action: 'blog_post_updated',
    });
    return row;
  });
  return toAdminPost(row, await sanitizedContent(row));
}

/** The manager's publish/unpublish: sets the flag and refreshes the updated time. */
export async function setBlogPostPublishedByAdmin(
  ctx: Ctx,
  options: { admin: Admin; id: string; published: boolean },
): Promise<BlogAdminPost> {
  const at = ctx.clock.now().toISOString();
  const row = await transaction(ctx.db, async (trx): Promise<BlogPostsTable> => {
    const changed = await setBlogPostPublished(trx, {
      id: options.id,
      published: options.published,
      at,
    });
    if (!changed) throw notFound();
    await recordAdminAction(trx, {
      ...logEntry(options.admin, at, changed),
      action: options.published ? 'blog_post_published' : 'blog_post_unpublished',
    });
    return changed;
  });
  return toAdminPost(row, await sanitizedContent(row));
}

export async function deleteBlogPost(
  ctx: Ctx,
  options: { admin: Admin; id: string },
): Promise<void> {
  const at = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (trx) => {
    const row = await deleteBlogPostRow(trx, options.id);
    if (!row) throw notFound();
    await recordAdminAction(trx, {
      ...logEntry(options.admin, at, row),
      action: 'blog_post_deleted',
    });
  });
}
