import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '@doublecast/common/blog';
import { renderWithProviders } from '../../../test/render';
import { BlogPostCard } from './blog-post-card';

const post: BlogPostSummary = {
  id: 'p1',
  title: 'Cold reads',
  slug: 'cold-reads',
  excerpt: 'How to prepare.',
  author: 'Doublecast Team',
  tags: ['acting'],
  featuredImage: 'https://images.example.com/gone.jpg',
  createdAt: '2026-01-05T10:00:00.000Z',
};

describe('BlogPostCard', () => {
  it('a featured image that fails to load gives way to the placeholder of the same size', () => {
    const { container } = renderWithProviders(<BlogPostCard post={post} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(post.featuredImage);
    expect(container.querySelector('[data-image-placeholder]')).toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    const placeholder = container.querySelector('[data-image-placeholder]')!;
    expect(placeholder.className).toContain('aspect-[16/9]');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
  });

  it('an image that failed before the app took the page over is replaced too', () => {
    // The server-rendered case: the browser already marked the image broken.
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');
    Object.defineProperty(HTMLImageElement.prototype, 'complete', {
      configurable: true,
      get: () => true,
    });
    try {
      const { container } = renderWithProviders(<BlogPostCard post={post} />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('[data-image-placeholder]')).not.toBeNull();
    } finally {
      Object.defineProperty(HTMLImageElement.prototype, 'complete', complete!);
    }
  });
});
