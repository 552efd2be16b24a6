/** Tables of the blog feature (migration 0008-blog). */
export interface BlogPostsTable {
  id: string;
  title: string;
  /** Derived from the title; unique, so a post is found by its address. */
  slug: string;
  excerpt: string | null;
  /** HTML, sanitised before it is stored. */
  content: string;
  author: string;
  /** JSON: string[] */
  tags: string;
  featured_image: string | null;
  published: number;
  views: number;
  created_at: string;
  updated_at: string;
}

/** A post's earlier slug (migration 0015): its old address answers 301 to the current one. */
export interface BlogSlugRedirectsTable {
  slug: string;
  post_id: string;
  created_at: string;
}

export interface BlogTables {
  blog_posts: BlogPostsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
}
