import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * Blog posts (docs/glossary.md#blog-states). Tags are a JSON array of strings; `published`
 * is 0/1. The public list reads published posts newest first, so (published, created_at, id)
 * is indexed for its keyset pagination.
 */
export async function up(db: MigrationDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('excerpt', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('featured_image', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blog_posts_published_created')
    .on('blog_posts')
    .columns(['published', 'created_at', 'id'])
    .execute();
}
