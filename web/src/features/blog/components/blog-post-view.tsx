import { Link } from 'react-router';
import type { BlogPost } from '@doublecast/common/blog';
import {
  BLOG_POST_LOAD_ERROR,
  BLOG_POST_NOT_FOUND_MESSAGE,
  BLOG_POST_NOT_FOUND_TITLE,
} from '@doublecast/common/blog-texts';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { useBlogPost } from '../api/get-blog-post';
import { PostImage } from './post-image';
import { ShareLinks } from './share-links';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

// Styles for the post body (the sanitiser allows only these elements; docs/decisions/081).
/** How post HTML looks, on the post page and in the editor. */
export const blogProseClass = [
  'text-lg leading-relaxed text-zinc-300 break-words',
  '[&_p]:mt-5 [&_p:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-white',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-white',
  '[&_strong]:text-white [&_b]:text-white',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500/60 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-zinc-800 [&_code]:px-1.5 [&_code]:text-base',
  '[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-900 [&_pre]:p-4',
  '[&_hr]:my-10 [&_hr]:border-zinc-800 [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
].join(' ');

function PostArticle({ post, pageUrl }: { post: BlogPost; pageUrl: string }) {
  return (
    <article>
      <title>{`${post.title} - Doublecast Blog`}</title>
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">
          Doublecast Blog
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          {post.title}
        </h1>
        <p className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-zinc-400">
          <span>By {post.author}</span>
          <span>
            <span aria-hidden="true">· </span>
            <time dateTime={post.createdAt}>{dateFormat.format(new Date(post.createdAt))}</time>
          </span>
          <span>
            <span aria-hidden="true">· </span>
            {post.views.toLocaleString('en-US')} {post.views === 1 ? 'view' : 'views'}
          </span>
        </p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-500/15 px-2.5 py-0.5 text-xs font-medium text-brand-300"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </header>
      {post.featuredImage && (
        <PostImage
          src={post.featuredImage}
          className="mt-10 aspect-[16/9] w-full rounded-2xl border border-zinc-800 object-cover"
        />
      )}
      <div
        data-post-body
        className={`mt-10 ${blogProseClass}`}
        // The server sanitised this HTML against an allow-list as it served it (docs/glossary.md#S6).
        dangerouslySetInnerHTML={{ __html: post.contentHtml }}
      />
      <footer className="mt-12 flex flex-col gap-6 border-t border-zinc-800 pt-8 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="mb-3 text-sm font-semibold text-zinc-300">Share this post</h2>
          <ShareLinks url={pageUrl} title={post.title} />
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/blog" variant="secondary">
            <span aria-hidden="true">←</span> All Posts
          </ButtonLink>
          <ButtonLink to="/pricing">Try Doublecast</ButtonLink>
        </div>
      </footer>
    </article>
  );
}

/** The public post page: the post, "Post Not Found" for a missing one, or the load error. */
export function BlogPostView({ slug, pageUrl }: { slug: string; pageUrl: string }) {
  const query = useBlogPost(slug);

  // A post the server rendered stays on screen while the visit is counted, whatever that fetch
  // answers (decision 237).
  if (query.data) return <PostArticle post={query.data} pageUrl={pageUrl} />;
  if (query.isPending) return <PageSpinner label="Loading post..." />;

  // Not pending and no post: the fetch failed.
  if (query.error instanceof ApiError && query.error.code === 'not-found') {
    return (
      <div className="py-16 text-center">
        <title>{`${BLOG_POST_NOT_FOUND_TITLE} - Doublecast Blog`}</title>
        <h1 className="text-3xl font-extrabold text-white sm:text-4xl">
          {BLOG_POST_NOT_FOUND_TITLE}
        </h1>
        <p className="mt-4 text-lg text-zinc-300">{BLOG_POST_NOT_FOUND_MESSAGE}</p>
        <ButtonLink to="/blog" variant="secondary" className="mt-8">
          <span aria-hidden="true">←</span> Back to Blog
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <Alert tone="error">{BLOG_POST_LOAD_ERROR}</Alert>
      <div className="mt-6 flex justify-center gap-3">
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try Again
        </Button>
        <Link
          to="/blog"
          className="self-center text-sm font-semibold text-brand-300 hover:text-white"
        >
          All Posts
        </Link>
      </div>
    </div>
  );
}
