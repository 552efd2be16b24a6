import { describe, expect, it } from 'vitest';
import { BLOG_EXCERPT_LENGTH, blogExcerpt, stripHtml } from './blog';

describe('stripHtml', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<h2>Cue</h2><p>pickup</p>', 'Cue pickup'],
    ['Fish &amp; chips &lt;3 &quot;ok&quot; &#39;a&#39; &#x41;', 'Fish & chips <3 "ok" \'a\' A'],
    ['a&nbsp;b', 'a b'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['<style>p{}</style><p>Text</p>', 'Text'],
    ['Line\n\n  break', 'Line break'],
    ['&unknown; stays', '&unknown; stays'],
  ])('%j -> %j', (html, text) => {
    expect(stripHtml(html)).toBe(text);
  });
});

describe('blogExcerpt', () => {
  it('uses the post excerpt when there is one', () => {
    expect(blogExcerpt({ excerpt: '  Short summary ', content: '<p>Long body</p>' })).toBe(
      'Short summary',
    );
  });

  it('falls back to the content without tags when the excerpt is empty or missing', () => {
    expect(blogExcerpt({ excerpt: '', content: '<p>Body <em>text</em></p>' })).toBe('Body text');
    expect(blogExcerpt({ excerpt: null, content: '<p>Body</p>' })).toBe('Body');
  });

  it(`cuts the fallback at ${BLOG_EXCERPT_LENGTH} characters`, () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const excerpt = blogExcerpt({ excerpt: null, content: `<p>${words}</p>` });
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(BLOG_EXCERPT_LENGTH + 3);
    expect(words.startsWith(excerpt.slice(0, -3))).toBe(true);
  });

  it('keeps a content of exactly the limit whole', () => {
    const text = 'x'.repeat(BLOG_EXCERPT_LENGTH);
    expect(blogExcerpt({ excerpt: null, content: text })).toBe(text);
  });
});
