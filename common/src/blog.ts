import { z } from 'zod';

/** Public list page size (spec section 9: blog page size 12). */
export const BLOG_PAGE_SIZE = 12;
/** Excerpt fallback on the public list: the first 150 characters of the content, tags stripped. */
export const BLOG_EXCERPT_LENGTH = 150;

export const BLOG_LIST_SUBTITLE =
  'Tips, insights, and updates for actors using AI voice technology';
export const BLOG_EMPTY_MESSAGE = 'No blog posts available yet. Check back soon!';
export const BLOG_LOAD_ERROR = 'Failed to load blog posts';
export const BLOG_LOAD_MORE_ERROR = 'Failed to load more posts';

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

/** The post page's texts (spec sections 2 and 8). */
export const BLOG_POST_NOT_FOUND_TITLE = 'Post Not Found';
export const BLOG_POST_NOT_FOUND_MESSAGE = 'The requested blog post could not be found.';
export const BLOG_POST_NOT_FOUND_ERROR = 'Post not found';
export const BLOG_POST_LOAD_ERROR = 'Failed to load blog post';

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
