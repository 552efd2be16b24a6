import { z } from 'zod';
import { formatInteger } from './format';

// The public blog pages' texts, without the schema library (decision 235).
export * from './blog-texts';

/** Public list page size (docs/glossary.md#blog-list). */
export const BLOG_PAGE_SIZE = 12;
/** Excerpt fallback on the public list: the first 150 characters of the content, tags stripped. */
export const BLOG_EXCERPT_LENGTH = 150;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** HTML to plain text: tags removed, common entities decoded, whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The card text: the post's excerpt, or else the first `length` characters of its content. */
export function blogExcerpt(
  post: { excerpt: string | null; content: string },
  length = BLOG_EXCERPT_LENGTH,
): string {
  const own = post.excerpt?.trim();
  if (own) return own;
  const text = stripHtml(post.content);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

export const blogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  featuredImage: z.string().nullable(),
  createdAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListQuerySchema = z.object({
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export const blogListResponseSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const blogPostParamsSchema = z.object({
  slug: z.string().min(1).max(200),
});

/** One published post as the post page shows it; `contentHtml` is sanitised by the server. */
export const blogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  author: z.string(),
  tags: z.array(z.string()),
  /** An https URL, or null; the server never fetches it. */
  featuredImage: z.string().nullable(),
  contentHtml: z.string(),
  /** Views including this one. */
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/* ---------------------------------------------------------------------------------------------
 * Staff side: the blog manager and editor (docs/glossary.md#blog-manager, docs/glossary.md#blog-editor).
 * ------------------------------------------------------------------------------------------- */

/** Manager excerpt fallback: the first 100 characters of the stripped content (docs/glossary.md#blog-manager). */
export const BLOG_MANAGER_EXCERPT_LENGTH = 100;
/** The public feed (RSS) holds the newest 20 published posts. */
export const BLOG_FEED_SIZE = 20;
/** Manager table page. */
export const BLOG_ADMIN_PAGE_SIZE = 50;
/** Drafts are saved in the background this often while the editor is open. */
export const BLOG_AUTOSAVE_MS = 10_000;

export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 1_000;
export const BLOG_AUTHOR_MAX = 100;
export const BLOG_TAGS_MAX = 20;
export const BLOG_TAG_MAX = 50;
export const BLOG_IMAGE_URL_MAX = 2_000;
/** Content HTML as sent by the editor; the sanitiser's work stays bounded. */
export const BLOG_CONTENT_MAX = 200_000;
/** Slugs are cut to this many characters before a uniqueness suffix is added. */
export const BLOG_SLUG_MAX = 120;
export const BLOG_DEFAULT_AUTHOR = 'Doublecast Team';

export const BLOG_TITLE_REQUIRED = 'Please enter a title';
export const BLOG_CONTENT_REQUIRED = 'Please enter some content';
export const BLOG_IMAGE_URL_INVALID = 'Featured image must be an https:// address';
export const BLOG_TITLE_TOO_LONG = `Title must be at most ${BLOG_TITLE_MAX} characters`;
export const BLOG_EXCERPT_TOO_LONG = `Excerpt must be at most ${BLOG_EXCERPT_MAX} characters`;
export const BLOG_AUTHOR_TOO_LONG = `Author must be at most ${BLOG_AUTHOR_MAX} characters`;
export const BLOG_TAGS_TOO_MANY = `At most ${BLOG_TAGS_MAX} tags of up to ${BLOG_TAG_MAX} characters each`;
export const BLOG_CONTENT_TOO_LONG = `Content must be at most ${formatInteger(BLOG_CONTENT_MAX)} characters`;

/** Manager and editor texts (docs/glossary.md#blog-manager, docs/glossary.md#blog-editor). */
export const BLOG_MANAGER_TITLE = 'Blog Manager';
export const BLOG_MANAGER_EMPTY = 'No blog posts yet.';
export const BLOG_MANAGER_EMPTY_ACTION = 'Create your first post';
export const BLOG_CREATE_NEW_POST = 'Create New Post';
export const BLOG_EDIT_POST = 'Edit Post';
export const BLOG_ACCESS_DENIED_TITLE = 'Access Denied';
// The access texts live in a module without the schema library: the router imports them.
export { BLOG_EDITOR_ACCESS_DENIED, BLOG_MANAGER_ACCESS_DENIED } from './blog-access';
export const BLOG_MANAGER_LOAD_ERROR = 'Failed to load blog posts';
export const BLOG_PUBLISH_ERROR = 'Failed to update publish status';
export const BLOG_DELETE_ERROR = 'Failed to delete post';
export const BLOG_DELETED = 'Post deleted successfully';
export const BLOG_EDITOR_LOAD_ERROR = 'Failed to load post';
export const BLOG_SAVE_ERROR = 'Failed to save post. Please try again.';
export const BLOG_UPDATED = 'Post updated successfully!';
export const BLOG_CREATED = 'Post created successfully!';
export const BLOG_CANCEL_CONFIRM =
  'Are you sure you want to cancel? Any unsaved changes will be lost.';
export const BLOG_PUBLISH_HELP = 'This post will be visible to the public';
export const BLOG_DRAFT_HELP = 'This post will be saved as a draft';
export const BLOG_BACK_TO_MANAGER = 'Back to Blog Manager';

/** The delete confirmation names the post. */
export function blogDeleteConfirm(title: string): string {
  return `Are you sure you want to delete "${title}"? This cannot be undone.`;
}

/**
 * The slug rule (docs/glossary.md#slug-rule): lower-case the title, remove characters other than letters, digits,
 * whitespace and hyphens, turn whitespace into hyphens, collapse repeated hyphens. Hyphens at
 * either end are trimmed and the result is cut to BLOG_SLUG_MAX (decision 180); a title with
 * no letter or digit gives "post".
 */
export function slugifyTitle(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, BLOG_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'post';
}

/** Tags from the editor's comma-separated field: trimmed, empty ones and repeats dropped. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag && !seen.has(tag)) seen.add(tag);
  }
  return [...seen];
}

const trimmedText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** What the editor sends to create or update a post. */
export const blogPostInputSchema = z.object({
  title: z
    .string(BLOG_TITLE_REQUIRED)
    .trim()
    .min(1, BLOG_TITLE_REQUIRED)
    .max(BLOG_TITLE_MAX, BLOG_TITLE_TOO_LONG),
  excerpt: trimmedText(BLOG_EXCERPT_MAX, BLOG_EXCERPT_TOO_LONG).default(''),
  /** HTML; sanitised by the server before it is stored and again when it is served. */
  content: z
    .string(BLOG_CONTENT_REQUIRED)
    .max(BLOG_CONTENT_MAX, BLOG_CONTENT_TOO_LONG)
    .refine((html) => html.trim().length > 0, BLOG_CONTENT_REQUIRED),
  author: trimmedText(BLOG_AUTHOR_MAX, BLOG_AUTHOR_TOO_LONG).default(''),
  tags: z
    .array(z.string().trim().min(1).max(BLOG_TAG_MAX, BLOG_TAGS_TOO_MANY), BLOG_TAGS_TOO_MANY)
    .max(BLOG_TAGS_MAX, BLOG_TAGS_TOO_MANY)
    .default([]),
  /** Empty, or an https URL; shown by browsers, never fetched by the server. */
  featuredImage: z
    .string()
    .trim()
    .max(BLOG_IMAGE_URL_MAX, BLOG_IMAGE_URL_INVALID)
    .refine((v) => v === '' || isHttpsUrl(v), BLOG_IMAGE_URL_INVALID)
    .default(''),
  published: z.boolean().default(false),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const blogPublishInputSchema = z.object({ published: z.boolean() });

export const blogPostIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const blogAdminListQuerySchema = z.object({
  page: intFromQuery(1, 100_000, 1),
});

/** A row of the manager's table. */
export const blogAdminRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** The post's excerpt, or the first 100 characters of its stripped content. */
  excerpt: z.string(),
  published: z.boolean(),
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogAdminRow = z.infer<typeof blogAdminRowSchema>;

export const blogAdminListSchema = z.object({
  posts: z.array(blogAdminRowSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type BlogAdminList = z.infer<typeof blogAdminListSchema>;

/** One post as the editor loads it. */
export const blogAdminPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  featuredImage: z.string(),
  published: z.boolean(),
  views: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogAdminPost = z.infer<typeof blogAdminPostSchema>;
