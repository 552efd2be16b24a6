import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BLOG_DELETED,
  BLOG_MANAGER_EMPTY,
  BLOG_PUBLISH_ERROR,
  blogDeleteConfirm,
  type BlogAdminRow,
} from '@doublecast/common/blog';
import { BlogManager } from './blog-manager';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

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

function renderManager() {
  return renderWithProviders(<BlogManager />);
}

describe('BlogManager', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    // jsdom has no <dialog> methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });

  it('shows the empty state with a link to create the first post', async () => {
    fetchMock.mockResolvedValue(jsonResponse(page([])));
    renderManager();
    expect(await screen.findByText(BLOG_MANAGER_EMPTY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first post' }).getAttribute('href')).toBe(
      '/admin/blog/create',
    );
  });

  it('lists posts with badge, views and actions; view opens the post in a new tab', async () => {
    fetchMock.mockResolvedValue(jsonResponse(page([row(2, true), row(1, false)])));
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

  it('publishes through the API; a failure is told in that post row until it is retried', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(page([row(1, false), row(2, false)])))
      .mockResolvedValueOnce(errorResponse('internal', 'x', 500))
      .mockResolvedValue(jsonResponse(page([row(1, false), row(2, false)])));
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Post 1' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(BLOG_PUBLISH_ERROR);
    const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
    expect(rowOf('Post 1').contains(alert)).toBe(true);
    expect(rowOf('Post 2').contains(alert)).toBe(false);
    const [url, init] = fetchMock.mock.calls[1]! as [string, RequestInit];
    expect(url).toBe('/api/admin/blog/posts/p1/published');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ published: true });
    fireEvent.click(screen.getByRole('button', { name: 'Publish Post 1' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before deleting, naming the title, then deletes', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(page([row(1, true)])))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValue(jsonResponse(page([])));
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
