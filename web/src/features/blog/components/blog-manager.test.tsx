import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLOG_DELETED,
  BLOG_MANAGER_EMPTY,
  BLOG_PUBLISH_ERROR,
  blogDeleteConfirm,
  type BlogAdminRow,
} from '@doublecast/common/blog';
import { BlogManager } from './blog-manager';

const row = (n: number, published: boolean): BlogAdminRow => ({
  id: `p${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  excerpt: `Excerpt ${n}`,
  published,
  views: n * 10,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});
const page = (posts: BlogAdminRow[]) => ({
  posts,
  page: 1,
  pageSize: 50,
  total: posts.length,
  hasMore: false,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderManager() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BlogManager />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BlogManager', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no <dialog> methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state with a link to create the first post', async () => {
    fetchMock.mockResolvedValue(json(page([])));
    renderManager();
    expect(await screen.findByText(BLOG_MANAGER_EMPTY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first post' }).getAttribute('href')).toBe(
      '/admin/blog/create',
    );
  });

  it('lists posts with badge, views and actions; view opens the post in a new tab', async () => {
    fetchMock.mockResolvedValue(json(page([row(2, true), row(1, false)])));
    renderManager();
    expect(await screen.findByText('Post 2')).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText('20')).toBeTruthy();
    const view = screen.getByRole('link', { name: 'View Post 2 (opens in a new tab)' });
    expect(view.getAttribute('href')).toBe('/blog/post-2');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Edit Post 1' }).getAttribute('href')).toBe(
      '/admin/blog/edit/p1',
    );
    expect(screen.getByRole('button', { name: 'Unpublish Post 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish Post 1' })).toBeTruthy();
  });

  it('publishes through the API and shows the spec text when that fails', async () => {
    fetchMock
      .mockResolvedValueOnce(json(page([row(1, false)])))
      .mockResolvedValueOnce(json({ error: { code: 'internal', message: 'x' } }, 500))
      .mockResolvedValue(json(page([row(1, false)])));
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Post 1' }));
    expect(await screen.findByText(BLOG_PUBLISH_ERROR)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe('/api/admin/blog/posts/p1/published');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ published: true });
  });

  it('asks before deleting, naming the title, then deletes', async () => {
    fetchMock
      .mockResolvedValueOnce(json(page([row(1, true)])))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValue(json(page([])));
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Post 1' }));
    expect(screen.getByText(blogDeleteConfirm('Post 1'))).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText(BLOG_DELETED)).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls[1]![0]).toBe('/api/admin/blog/posts/p1'));
    expect((fetchMock.mock.calls[1]![1] as RequestInit).method).toBe('DELETE');
  });
});
