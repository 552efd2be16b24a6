import type { Executor } from '../../db/connection';
import type { BlogPostsTable } from '../../db/schema-blog';

/** What every list of posts reads: enough for a title, an address, an excerpt and a date. */
const TEXT_COLUMNS = ['id', 'title', 'slug', 'excerpt', 'content', 'created_at'] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

export type BlogListRow = Pick<BlogPostsTable, TextColumn | 'author' | 'tags' | 'featured_image'>;

export async function insertBlogPost(db: Executor, row: BlogPostsTable): Promise<void> {
  await db.insertInto('blog_posts').values(row).execute();
}

/**
 * Published posts, newest first, strictly after `after` in that order (keyset pagination:
 * stable while posts are added, and as fast on page 50 as on page 1).
 */
export async function listPublishedBlogPosts(
  db: Executor,
  options: { after?: { createdAt: string; id: string }; limit: number },
): Promise<BlogListRow[]> {
  let q = db
    .selectFrom('blog_posts')
    .select([...TEXT_COLUMNS, 'author', 'tags', 'featured_image'])
    .where('published', '=', 1);
  const after = options.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export type BlogPostRow = Omit<BlogPostsTable, 'published'>;

/**
 * Counts one view of a published post and returns the post, in one UPDATE ... RETURNING: no
 * read-then-write, so concurrent views are never lost. Undefined when no published post has
 * that slug.
 */
export async function countPublishedBlogPostView(
  db: Executor,
  slug: string,
): Promise<BlogPostRow | undefined> {
  return db
    .updateTable('blog_posts')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .returning([
      'id',
      'title',
      'slug',
      'excerpt',
      'content',
      'author',
      'tags',
      'featured_image',
      'views',
      'created_at',
      'updated_at',
    ])
    .executeTakeFirst();
}

/* Staff side: every post, drafts included (only the admin service calls these). */

export async function findBlogPostById(
  db: Executor,
  id: string,
): Promise<BlogPostsTable | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export type BlogAdminListRow = Pick<
  BlogPostsTable,
  TextColumn | 'published' | 'views' | 'updated_at'
>;

/** Every post, newest first, one page (one row extra tells whether another page exists). */
export async function listAllBlogPosts(
  db: Executor,
  options: { limit: number; offset: number },
): Promise<{ rows: BlogAdminListRow[]; total: number }> {
  const rows = await db
    .selectFrom('blog_posts')
    .select([...TEXT_COLUMNS, 'published', 'views', 'updated_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const count = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/**
 * Slugs equal to `base` or of the form `base-<suffix>`, held by posts other than `exceptPostId`
 * now or earlier (old addresses stay taken, so a shared link never lands on another post).
 */
export async function findTakenSlugs(
  db: Executor,
  base: string,
  exceptPostId: string | null,
): Promise<Set<string>> {
  const like = `${base}-%`;
  let posts = db
    .selectFrom('blog_posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like)]));
  let redirects = db
    .selectFrom('blog_slug_redirects')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like)]));
  if (exceptPostId) {
    posts = posts.where('id', '!=', exceptPostId);
    redirects = redirects.where('post_id', '!=', exceptPostId);
  }
  const rows = await posts.unionAll(redirects).execute();
  return new Set(rows.map((r) => r.slug));
}

export async function updateBlogPostRow(
  db: Executor,
  id: string,
  values: Omit<BlogPostsTable, 'id' | 'views' | 'created_at'>,
): Promise<void> {
  await db.updateTable('blog_posts').set(values).where('id', '=', id).execute();
}

/** Keeps `oldSlug` as an address of post `postId`; the post's own current slug is never kept. */
export async function rememberOldSlug(
  db: Executor,
  options: { oldSlug: string; newSlug: string; postId: string; at: string },
): Promise<void> {
  // Going back to an earlier slug: that address is the post's own again.
  await db.deleteFrom('blog_slug_redirects').where('slug', '=', options.newSlug).execute();
  await db
    .insertInto('blog_slug_redirects')
    .values({ slug: options.oldSlug, post_id: options.postId, created_at: options.at })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ post_id: options.postId }))
    .execute();
}

export async function setBlogPostPublished(
  db: Executor,
  options: { id: string; published: boolean; at: string },
): Promise<BlogPostsTable | undefined> {
  return db
    .updateTable('blog_posts')
    .set({ published: options.published ? 1 : 0, updated_at: options.at })
    .where('id', '=', options.id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteBlogPostRow(
  db: Executor,
  id: string,
): Promise<Pick<BlogPostsTable, 'id' | 'title' | 'slug'> | undefined> {
  return db
    .deleteFrom('blog_posts')
    .where('id', '=', id)
    .returning(['id', 'title', 'slug'])
    .executeTakeFirst();
}

/** The current slug of a published post reached through one of its old addresses. */
export async function findPublishedSlugByOldSlug(
  db: Executor,
  oldSlug: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('blog_slug_redirects as r')
    .innerJoin('blog_posts as p', 'p.id', 'r.post_id')
    .select('p.slug')
    .where('r.slug', '=', oldSlug)
    .where('p.published', '=', 1)
    .executeTakeFirst();
  return row?.slug;
}

export type BlogFeedRow = Pick<
  BlogPostsTable,
  'title' | 'slug' | 'excerpt' | 'content' | 'author' | 'created_at' | 'updated_at'
>;

/** The newest `limit` published posts, for the feed and the sitemap. */
export async function listPublishedForFeed(db: Executor, limit: number): Promise<BlogFeedRow[]> {
  return db
    .selectFrom('blog_posts')
    .select(['title', 'slug', 'excerpt', 'content', 'author', 'created_at', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A published post's head data (title, description, image), read without counting a view. */
export async function findPublishedBlogPostBySlug(
  db: Executor,
  slug: string,
): Promise<BlogPostsTable | undefined> {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .executeTakeFirst();
}

/** Published posts' addresses and last change, newest first, for the sitemap. */
export async function listPublishedSlugs(
  db: Executor,
  limit: number,
): Promise<Pick<BlogPostsTable, 'slug' | 'updated_at'>[]> {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
