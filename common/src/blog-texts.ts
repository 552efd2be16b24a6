/**
 * The public blog pages' texts, in a module that does not import the schema library: the list
 * and post pages load them before they run, the schemas arrive with the answers (decision 235).
 * Also exported by ./blog.
 */

export const BLOG_LIST_SUBTITLE =
  'Tips, insights, and updates for actors using AI voice technology';
export const BLOG_EMPTY_MESSAGE = 'No blog posts available yet. Check back soon!';
export const BLOG_LOAD_ERROR = 'Failed to load blog posts';
export const BLOG_LOAD_MORE_ERROR = 'Failed to load more posts';

/** The post page's texts. */
export const BLOG_POST_NOT_FOUND_TITLE = 'Post Not Found';
export const BLOG_POST_NOT_FOUND_MESSAGE = 'The requested blog post could not be found.';
export const BLOG_POST_NOT_FOUND_ERROR = 'Post not found';
export const BLOG_POST_LOAD_ERROR = 'Failed to load blog post';
