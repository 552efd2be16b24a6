/**
 * The blog pages' access texts (docs/glossary.md#blog-manager, docs/glossary.md#blog-editor),
 * in a module that does not import the schema library, since the web app's router (loaded on
 * every page) names them (decision 235). Also exported by ./blog.
 */
export const BLOG_MANAGER_ACCESS_DENIED = 'You must be an admin to manage blog posts.';
export const BLOG_EDITOR_ACCESS_DENIED = 'You must be an admin to access the blog editor.';
