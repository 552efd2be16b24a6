import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BLOG_POST_LOAD_ERROR,
  BLOG_POST_NOT_FOUND_MESSAGE,
  type BlogPost,
} from '@doublecast/common/blog';
import { BlogPostView } from './blog-post-view';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { seedPageData } from '../../../app/page-data';

const post: BlogPost = {
  id: 'p1',
  title: 'Cold reads & callbacks',
  slug: 'cold-reads',
  excerpt: null,
  author: 'Doublecast Team',
  tags: ['acting', 'audition'],
  featuredImage: 'https://images.example.com/cold.jpg',
  contentHtml: '<h2>Warm up</h2><p>Read <strong>twice</strong>.</p>',
  views: 1234,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

const PAGE = 'https://doublecast.example/blog/cold-reads';

function renderPost() {
  return renderWithProviders(<BlogPostView slug="cold-reads" pageUrl={PAGE} />);
}

describe('BlogPostView', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the post: title, author, date, views, tags, image, HTML body, share and links', async () => {
    fetchMock.mockResolvedValue(jsonResponse(post));
    renderPost();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cold reads & callbacks' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts/cold-reads');
    expect(screen.getByText('By Doublecast Team')).toBeTruthy();
    expect(screen.getByText('January 5, 2026')).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['acting', 'audition']);
    expect(document.querySelector('img')?.getAttribute('src')).toBe(post.featuredImage);
    expect(screen.getByRole('heading', { level: 2, name: 'Warm up' })).toBeTruthy();
    expect(screen.getByText('twice').tagName).toBe('STRONG');

    const share = screen.getByRole('list', { name: 'Share this post' });
    const links = within(share).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Share on X (opens in a new tab)',
      'Share on Facebook (opens in a new tab)',
      'Share on LinkedIn (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toContain(encodeURIComponent(PAGE));
    }
    expect(links[0]!.getAttribute('href')).toMatch(/^https:\/\/x\.com\//);
    expect(links[1]!.getAttribute('href')).toMatch(/^https:\/\/www\.facebook\.com\//);
    expect(links[2]!.getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\//);
    expect(screen.getByRole('link', { name: /All Posts/ }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('link', { name: 'Try Doublecast' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('says "Post Not Found" with a way back to the blog for a missing post', async () => {
    fetchMock.mockResolvedValue(errorResponse('not-found', 'Post not found', 404));
    renderPost();
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeTruthy();
    expect(screen.getByText(BLOG_POST_NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
  });

  it('says "Failed to load blog post" on any other error and can try again', async () => {
    fetchMock
      .mockResolvedValueOnce(errorResponse('internal', 'Internal error', 500))
      .mockResolvedValueOnce(jsonResponse(post));
    renderPost();
    expect((await screen.findByRole('alert')).textContent).toContain(BLOG_POST_LOAD_ERROR);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  });

  it('draws a post the server rendered at once, then counts the visit with one fetch', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...post, views: 1235 }));
    const client = createTestQueryClient();
    seedPageData(client, { origin: 'https://doublecast.example', blogPost: post });
    renderWithProviders(<BlogPostView slug="cold-reads" pageUrl={PAGE} />, { client });
    // No spinner first: the first render is the server's HTML.
    expect(screen.getByRole('heading', { level: 1, name: 'Cold reads & callbacks' })).toBeTruthy();
    expect(screen.getByText('1,234 views')).toBeTruthy();
    expect(await screen.findByText('1,235 views')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/blog/posts/cold-reads');
  });

  it('keeps a server-rendered post on screen when counting the visit fails', async () => {
    fetchMock.mockResolvedValue(errorResponse('internal', 'boom', 500));
    const client = createTestQueryClient();
    seedPageData(client, { origin: 'https://doublecast.example', blogPost: post });
    renderWithProviders(<BlogPostView slug="cold-reads" pageUrl={PAGE} />, { client });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(client.getQueryState(['blog', 'post', 'cold-reads'])?.status).toBe('error'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Cold reads & callbacks' })).toBeTruthy();
    expect(screen.queryByText(BLOG_POST_LOAD_ERROR)).toBeNull();
  });
});
