import type { QueryClient } from '@tanstack/react-query';
import type { BlogPost } from '@doublecast/common/blog';
import { blogPostQueryKey } from '../features/blog/api/get-blog-post';
import type { SignedInPage } from '../lib/signed-in-page';

/**
 * What the server rendered a page from (decision 237): written into the page as
 * `<script type="application/json" id="page-data">` (data, never run, so the CSP allows it), so
 * the browser's first render draws the same thing and hydrates the server's HTML.
 */
export interface PageData {
  /** The site's address as the server writes links (share buttons). */
  origin: string;
  blogPost?: BlogPost;
  /** A signed-in page's frame, drawn for the user whose session asked for it (decision 389). */
  signedIn?: SignedInPage;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Puts the page's data in the query cache, where the page's own queries find it. */
export function seedPageData(client: QueryClient, data: PageData): void {
  if (data.blogPost) client.setQueryData(blogPostQueryKey(data.blogPost.slug), data.blogPost);
}

/** The page data the server wrote into this document, or null (a page it did not render). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
