import { useId, useState } from 'react';
import {
  BLOG_CREATE_NEW_POST,
  BLOG_DELETE_ERROR,
  BLOG_DELETED,
  BLOG_MANAGER_EMPTY,
  BLOG_MANAGER_EMPTY_ACTION,
  BLOG_MANAGER_LOAD_ERROR,
  BLOG_MANAGER_TITLE,
  BLOG_PUBLISH_ERROR,
  blogDeleteConfirm,
  type BlogAdminRow,
} from '@doublecast/common/blog';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import {
  useAdminBlogPosts,
  useDeleteBlogPost,
  useSetBlogPostPublished,
} from '../api/manage-blog-posts';

const COLUMNS = ['Title', 'Status', 'Views', 'Created', 'Actions'];
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** /admin/blog: the manager as a page of its own. */
export function BlogManager() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>{`${BLOG_MANAGER_TITLE} - Doublecast`}</title>
      <BlogManagerBody heading="h1" />
    </div>
  );
}

/** The Blog Management tab of /admin: the same manager under the tab list. */
export function BlogManagerPanel() {
  return <BlogManagerBody heading="h2" />;
}

/** Every post with its state, views and date, and what an admin can do with it. */
function BlogManagerBody({ heading: Heading }: { heading: 'h1' | 'h2' }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const list = useAdminBlogPosts(page);
  const publish = useSetBlogPostPublished();
  const remove = useDeleteBlogPost();
  const [toDelete, setToDelete] = useState<BlogAdminRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A failed Publish or Delete is told in that post's row, beside its buttons.
  const [failure, setFailure] = useState<{ id: string; text: string } | null>(null);

  const togglePublished = (post: BlogAdminRow) => {
    setNotice(null);
    setFailure(null);
    publish.mutate(
      { id: post.id, published: !post.published },
      { onError: () => setFailure({ id: post.id, text: BLOG_PUBLISH_ERROR }) },
    );
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    const id = toDelete.id;
    setToDelete(null);
    setNotice(null);
    setFailure(null);
    remove.mutate(id, {
      onSuccess: () => setNotice(BLOG_DELETED),
      onError: () => setFailure({ id, text: BLOG_DELETE_ERROR }),
    });
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Heading
          id={headingId}
          className={
            Heading === 'h1'
              ? 'text-3xl font-extrabold tracking-tight text-white sm:text-4xl'
              : 'text-2xl font-bold text-white'
          }
        >
          {BLOG_MANAGER_TITLE}
        </Heading>
        <ButtonLink to="/admin/blog/create">{BLOG_CREATE_NEW_POST}</ButtonLink>
      </div>
      {notice && (
        <div className="mt-6">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      <div className="mt-8">
        {list.isPending ? (
          <p role="status">Loading...</p>
        ) : list.isError ? (
          <Alert tone="error">{BLOG_MANAGER_LOAD_ERROR}</Alert>
        ) : list.data.posts.length === 0 && page === 1 ? (
          <div className="rounded-lg border border-zinc-800 p-8 text-center">
            <p className="text-zinc-300">{BLOG_MANAGER_EMPTY}</p>
            <ButtonLink className="mt-4" to="/admin/blog/create">
              {BLOG_MANAGER_EMPTY_ACTION}
            </ButtonLink>
          </div>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-zinc-800">
              {/* Below 640 px each row stacks as a card; the explicit roles keep the table's
                  semantics when its elements are not displayed as a table. */}
              <table role="table" className="block w-full text-left text-sm sm:table">
                <caption className="sr-only">Blog posts</caption>
                <thead
                  role="rowgroup"
                  className="hidden bg-zinc-900 text-zinc-300 sm:table-header-group"
                >
                  <tr role="row">
                    {COLUMNS.map((name) => (
                      <th key={name} role="columnheader" scope="col" className="px-4 py-3">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody
                  role="rowgroup"
                  className="block divide-y divide-zinc-800 sm:table-row-group"
                >
                  {list.data.posts.map((post) => (
                    <tr
                      key={post.id}
                      role="row"
                      className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:table-row sm:p-0"
                    >
                      <td role="cell" className="w-full sm:w-[40%] sm:max-w-md sm:px-4 sm:py-3">
                        <p className="font-semibold text-white">{post.title}</p>
                        <p className="mt-1 text-zinc-400">{post.excerpt}</p>
                      </td>
                      <td role="cell" className="sm:px-4 sm:py-3">
                        <span
                          className={
                            post.published
                              ? 'rounded-full bg-emerald-900 px-2 py-1 text-xs text-emerald-200'
                              : 'rounded-full bg-zinc-800 px-2 py-1 text-xs text-zinc-300'
                          }
                        >
                          {post.published ? 'Published' : 'Draft'}
                        </span>
                      </td>
                      <td role="cell" className="text-zinc-300 sm:px-4 sm:py-3">
                        {post.views}
                        <span className="sm:hidden"> views</span>
                      </td>
                      <td role="cell" className="whitespace-nowrap text-zinc-300 sm:px-4 sm:py-3">
                        {dateFormat.format(new Date(post.createdAt))}
                      </td>
                      <td role="cell" className="w-full sm:w-auto sm:px-4 sm:py-3">
                        <div className="flex flex-wrap gap-2">
                          <ButtonLink
                            size="sm"
                            variant="secondary"
                            to={`/admin/blog/edit/${encodeURIComponent(post.id)}`}
                            aria-label={`Edit ${post.title}`}
                          >
                            Edit
                          </ButtonLink>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => togglePublished(post)}
                            disabled={publish.isPending}
                            aria-label={`${post.published ? 'Unpublish' : 'Publish'} ${post.title}`}
                          >
                            {post.published ? 'Unpublish' : 'Publish'}
                          </Button>
                          <a
                            className="rounded px-2 py-1 text-brand-300 underline"
                            href={`/blog/${encodeURIComponent(post.slug)}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`View ${post.title} (opens in a new tab)`}
                          >
                            View
                          </a>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setToDelete(post)}
                            aria-label={`Delete ${post.title}`}
                          >
                            Delete
                          </Button>
                        </div>
                        {failure?.id === post.id && (
                          <Alert tone="error" className="mt-2">
                            {failure.text}
                          </Alert>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4 flex gap-2">
              {page > 1 && (
                <Button variant="secondary" onClick={() => setPage(page - 1)}>
                  Previous page
                </Button>
              )}
              {list.data.hasMore && (
                <Button variant="secondary" onClick={() => setPage(page + 1)}>
                  Next page
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      <Modal
        open={toDelete !== null}
        title="Delete post"
        description={toDelete ? blogDeleteConfirm(toDelete.title) : undefined}
        onClose={() => setToDelete(null)}
      >
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button onClick={confirmDelete}>Delete</Button>
        </div>
      </Modal>
    </section>
  );
}
