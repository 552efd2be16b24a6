import { Link } from 'react-router';
import type { BlogPostSummary } from '@doublecast/common/blog';
import { PostImage } from './post-image';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function BlogPostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900/70 transition-colors hover:border-brand-500/40">
      {post.featuredImage ? (
        <PostImage
          src={post.featuredImage}
          lazy
          className="aspect-[16/9] w-full object-cover"
          fallback={<ImagePlaceholder />}
        />
      ) : (
        <ImagePlaceholder />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-zinc-400">
          {post.author} ·{' '}
          <time dateTime={post.createdAt}>{dateFormat.format(new Date(post.createdAt))}</time>
        </p>
        <h2 className="mt-2 text-xl font-semibold text-white">{post.title}</h2>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-zinc-300">{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
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
        <Link
          to={`/blog/${encodeURIComponent(post.slug)}`}
          aria-label={`Read More: ${post.title}`}
          className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-300 hover:text-white"
        >
          Read More <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

/** The card's picture when a post has none (or its image cannot be loaded): same size, so cards line up. */
function ImagePlaceholder() {
  return (
    <div
      aria-hidden="true"
      data-image-placeholder
      className="flex aspect-[16/9] w-full items-center justify-center bg-linear-to-br from-brand-700/40 via-zinc-900 to-zinc-950"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-12 w-12 text-brand-300/50"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      >
        <path d="M2 10v4M6 7v10M10 4v16M14 8v8M18 6v12M22 10v4" />
      </svg>
    </div>
  );
}
