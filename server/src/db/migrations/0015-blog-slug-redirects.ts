import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Old addresses of blog posts (docs/decisions/180-blog-manager-and-slugs.md): when a post's
 * slug changes, its previous slug is kept here so a shared link answers 301 to the new address.
 * A slug held here stays taken for other posts. Deleting the post deletes its old addresses.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('blog_slug_redirects')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) =>
      c.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blog_slug_redirects_post')
    .on('blog_slug_redirects')
    .column('post_id')
    .execute();
}
