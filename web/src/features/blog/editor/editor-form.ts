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
 * What stops a save, on the field at fault (its first message): none when the post can be
 * saved. The same schema checks it again on the server.
 */
export function blogEditorErrors(
  fields: BlogEditorFields,
): Partial<Record<keyof BlogEditorFields, string>> {
  const parsed = blogPostInputSchema.safeParse(toBlogPostInput(fields));
  const errors: Partial<Record<keyof BlogEditorFields, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof BlogEditorFields;
    errors[field] ??= issue.message;
  }
  return errors;
}
