import { useParams } from 'react-router';
import { BlogPostView } from '../../features/blog/components/blog-post-view';
import { useSiteOrigin } from '../../lib/site-origin';

export function BlogPostRoute() {
  const slug = useParams().slug ?? '';
  const pageUrl = `${useSiteOrigin()}/blog/${encodeURIComponent(slug)}`;
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-56 left-1/2 -z-10 h-[28rem] w-[48rem] max-w-[150vw] -translate-x-1/2 rounded-full bg-brand-600/20 blur-3xl"
      />
      <div className="mx-auto max-w-3xl px-4 pt-14 pb-24 sm:px-6 sm:pt-20">
        {/* A new slug is a new page: remount, so each visit is fetched (and counted) once. */}
        <BlogPostView key={slug} slug={slug} pageUrl={pageUrl} />
      </div>
    </div>
  );
}
