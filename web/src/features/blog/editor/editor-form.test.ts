import { describe, expect, it } from 'vitest';
import {
  BLOG_CONTENT_REQUIRED,
  BLOG_IMAGE_URL_INVALID,
  BLOG_TAGS_TOO_MANY,
  BLOG_TITLE_REQUIRED,
  BLOG_TITLE_TOO_LONG,
} from '@doublecast/common/blog';
import { blogEditorErrors, emptyBlogEditorFields, toBlogPostInput } from './editor-form';

const valid = { ...emptyBlogEditorFields, title: 'Cold reads', content: '<p>Breathe.</p>' };

describe('blogEditorErrors', () => {
  it('accepts a post with a title and content', () => {
    expect(blogEditorErrors(valid)).toEqual({});
  });
  it('puts each message on its field: title and content of an empty post', () => {
    expect(blogEditorErrors(emptyBlogEditorFields)).toEqual({
      title: BLOG_TITLE_REQUIRED,
      content: BLOG_CONTENT_REQUIRED,
    });
    expect(blogEditorErrors({ ...valid, title: '   ' })).toEqual({ title: BLOG_TITLE_REQUIRED });
  });
  it('asks for content when the editor is empty', () => {
    expect(blogEditorErrors({ ...valid, content: '' })).toEqual({ content: BLOG_CONTENT_REQUIRED });
    expect(blogEditorErrors({ ...valid, content: '  ' })).toEqual({
      content: BLOG_CONTENT_REQUIRED,
    });
  });
  it('refuses a featured image that is not https', () => {
    const image = (featuredImage: string) => blogEditorErrors({ ...valid, featuredImage });
    expect(image('http://example.com/a.png')).toEqual({ featuredImage: BLOG_IMAGE_URL_INVALID });
    expect(image('javascript:alert(1)')).toEqual({ featuredImage: BLOG_IMAGE_URL_INVALID });
    expect(image('https://example.com/a.png')).toEqual({});
  });
  it('names the limits of long titles and too many tags', () => {
    expect(blogEditorErrors({ ...valid, title: 'x'.repeat(201) })).toEqual({
      title: BLOG_TITLE_TOO_LONG,
    });
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(blogEditorErrors({ ...valid, tags })).toEqual({ tags: BLOG_TAGS_TOO_MANY });
  });
  it('sends tags split on commas, trimmed, without repeats', () => {
    expect(toBlogPostInput({ ...valid, tags: ' voice, , acting,voice ' }).tags).toEqual([
      'voice',
      'acting',
    ]);
  });
});
