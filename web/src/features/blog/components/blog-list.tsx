import {
  BLOG_EMPTY_MESSAGE,
  BLOG_LOAD_ERROR,
  BLOG_LOAD_MORE_ERROR,
} from '@doublecast/common/blog-texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useBlogPosts } from '../api/list-blog-posts';
import { BlogPostCard } from './blog-post-card';

/** The public list: a grid of published posts with "Load More Posts" while more exist. */
export function BlogList() {
  const query = useBlogPosts();

  if (query.isPending) return <PageSpinner label="Loading posts..." />;

  if (query.isError && !query.data) {
    return (
      <div className="mx-auto max-w-md text-center">
        <Alert tone="error">{BLOG_LOAD_ERROR}</Alert>
        <Button variant="secondary" className="mt-6" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const posts = query.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-dashed border-zinc-700 bg-zinc-900/40 px-6 py-16 text-center">
        <p className="text-lg text-zinc-300">{BLOG_EMPTY_MESSAGE}</p>
      </div>
    );
  }

  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <BlogPostCard key={post.id} post={post} />
        ))}
      </div>
      {query.isFetchNextPageError && (
        <Alert tone="error" className="mx-auto mt-8 max-w-md">
          {BLOG_LOAD_MORE_ERROR}
        </Alert>
      )}
      {query.hasNextPage && (
        <div className="mt-10 flex justify-center">
          <Button
            variant="secondary"
            size="lg"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load More Posts'}
          </Button>
        </div>
      )}
    </>
  );
}
