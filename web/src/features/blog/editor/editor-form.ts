import { blogPostInputSchema, splitTags, type BlogPostInput } from '@doublecast/common/blog';

/** What the editor's fields hold; `content` is '' while the rich-text area is empty. */
export type BlogEditorFields = {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  tags: string;
  featuredImage: string;
  published: boolean;
};

export const emptyBlogEditorFields: BlogEditorFields = {
  title: '',
  excerpt: '',
  content: '',
  author: '',
  tags: '',
  featuredImage: '',
  published: false,
};

/** The request body the fields stand for. */
export function toBlogPostInput(fields: BlogEditorFields): BlogPostInput {
  return {
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    author: fields.author,
    tags: splitTags(fields.tags),
    featuredImage: fields.featuredImage,
    published: fields.published,
  };
}

/**
 * The first message that stops a save, in field order (title, excerpt, content, author, tags,
 * image), or null when the post can be saved. The same schema checks it again on the server.
 */
export function blogEditorError(fields: BlogEditorFields): string | null {
  const parsed = blogPostInputSchema.safeParse(toBlogPostInput(fields));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
