import { describe, expect, it } from 'vitest';
import {
  BLOG_CONTENT_REQUIRED,
  BLOG_IMAGE_URL_INVALID,
  BLOG_TAGS_TOO_MANY,
  BLOG_TITLE_REQUIRED,
  BLOG_TITLE_TOO_LONG,
} from '@doublecast/common/blog';
import { blogEditorError, emptyBlogEditorFields, toBlogPostInput } from './editor-form';

const valid = { ...emptyBlogEditorFields, title: 'Cold reads', content: '<p>Breathe.</p>' };

describe('blogEditorError', () => {
  it('accepts a post with a title and content', () => {
    expect(blogEditorError(valid)).toBeNull();
  });
  it('asks for a title first, also when it is only spaces', () => {
    expect(blogEditorError(emptyBlogEditorFields)).toBe(BLOG_TITLE_REQUIRED);
    expect(blogEditorError({ ...valid, title: '   ' })).toBe(BLOG_TITLE_REQUIRED);
  });
  it('asks for content when the editor is empty', () => {
    expect(blogEditorError({ ...valid, content: '' })).toBe(BLOG_CONTENT_REQUIRED);
    expect(blogEditorError({ ...valid, content: '  ' })).toBe(BLOG_CONTENT_REQUIRED);
  });
  it('refuses a featured image that is not https', () => {
    expect(blogEditorError({ ...valid, featuredImage: 'http://example.com/a.png' })).toBe(
      BLOG_IMAGE_URL_INVALID,
    );
    expect(blogEditorError({ ...valid, featuredImage: 'javascript:alert(1)' })).toBe(
      BLOG_IMAGE_URL_INVALID,
    );
    expect(blogEditorError({ ...valid, featuredImage: 'https://example.com/a.png' })).toBeNull();
  });
  it('names the limits of long titles and too many tags', () => {
    expect(blogEditorError({ ...valid, title: 'x'.repeat(201) })).toBe(BLOG_TITLE_TOO_LONG);
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(blogEditorError({ ...valid, tags })).toBe(BLOG_TAGS_TOO_MANY);
  });
  it('sends tags split on commas, trimmed, without repeats', () => {
    expect(toBlogPostInput({ ...valid, tags: ' voice, , acting,voice ' }).tags).toEqual([
      'voice',
      'acting',
    ]);
  });
});
