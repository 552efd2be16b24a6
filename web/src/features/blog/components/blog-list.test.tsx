import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BLOG_EMPTY_MESSAGE, BLOG_LOAD_ERROR, type BlogPostSummary } from '@doublecast/common/blog';
import { BlogList } from './blog-list';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';

const card = (n: number): BlogPostSummary => ({
  id: `p${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  excerpt: `Excerpt ${n}`,
  author: 'Doublecast Team',
  tags: ['acting'],
  featuredImage: null,
  createdAt: '2026-01-05T10:00:00.000Z',
});

function renderList() {
  return renderWithProviders(<BlogList />);
}

describe('BlogList', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the empty state when nothing is published', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ posts: [], hasMore: false, nextCursor: null }));
    renderList();
    expect(await screen.findByText(BLOG_EMPTY_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
  });

  it('shows cards and loads the next page with the cursor until no more exist', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ posts: [card(2)], hasMore: true, nextCursor: 'c1' }))
      .mockResolvedValueOnce(jsonResponse({ posts: [card(1)], hasMore: false, nextCursor: null }));
    renderList();
    expect(await screen.findByRole('heading', { name: 'Post 2' })).toBeTruthy();
    expect(screen.getByText('January 5, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read More: Post 2' }).getAttribute('href')).toBe(
      '/blog/post-2',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load More Posts' }));
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/blog/posts?cursor=c1');
    expect(screen.getByRole('heading', { name: 'Post 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
  });

  it('shows the load error with Try Again, which asks again', async () => {
    fetchMock
      .mockResolvedValueOnce(errorResponse('internal', 'x', 500))
      .mockResolvedValueOnce(jsonResponse({ posts: [card(3)], hasMore: false, nextCursor: null }));
    renderList();
    expect(await screen.findByText(BLOG_LOAD_ERROR)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Post 3' })).toBeTruthy();
  });
});
