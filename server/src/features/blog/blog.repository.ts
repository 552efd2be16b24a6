import type { Executor } from '../../db/connection';
import type { BlogPostsTable } from '../../db/schema-blog';

export type BlogListRow = Pick<
  BlogPostsTable,
  | 'id'
  | 'title'
  | 'slug'
  | 'excerpt'
  | 'content'
  | 'author'
  | 'tags'
  | 'featured_image'
  | 'created_at'
>;

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
    .select([
      'id',
      'title',
      'slug',
      'excerpt',
      'content',
      'author',
      'tags',
      'featured_image',
      'created_at',
    ])
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
