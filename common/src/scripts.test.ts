import { describe, expect, it } from 'vitest';
import {
  addTag,
  countWords,
  matchesScriptSearch,
  scriptInputSchema,
  scriptPreview,
  SCRIPT_CONTENT_REQUIRED,
  SCRIPT_TITLE_REQUIRED,
} from './scripts';

describe('word count (whitespace-separated non-empty tokens)', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    ['  two   words ', 2],
    ['line one\nline\ttwo', 4],
    ["it's - fine", 3],
  ])('%j has %i words', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

describe('tags', () => {
  it.each<[string[], string, string[]]>([
    [[], 'drama', ['drama']],
    [['drama'], '  comedy ', ['drama', 'comedy']],
    [['drama'], 'drama', ['drama']],
    [['drama'], 'DRAMA', ['drama']],
    [['drama'], '   ', ['drama']],
  ])('adding to %j the text %j gives %j', (tags, typed, expected) => {
    expect(addTag(tags, typed)).toEqual(expected);
  });

  it('the input schema drops duplicate tags too', () => {
    expect(
      scriptInputSchema.parse({ title: 'T', content: 'c', tags: ['a', 'A', ' b ', 'a'] }).tags,
    ).toEqual(['a', 'b']);
  });
});

describe('script input', () => {
  it.each([
    [{ title: '  ', content: 'x' }, SCRIPT_TITLE_REQUIRED],
    [{ title: 'T', content: ' \n ' }, SCRIPT_CONTENT_REQUIRED],
    [{ content: 'x' }, SCRIPT_TITLE_REQUIRED],
  ])('%j is refused with %j', (input, message) => {
    const r = scriptInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('search over title, content and tags, case-insensitive', () => {
  const script = {
    title: 'Night Shift',
    content: 'MAYA\nGo. Before I change my mind.',
    tags: ['Hospital', 'drama'],
  };
  it.each([
    ['night', true],
    ['CHANGE MY', true],
    ['hospital', true],
    ['DRAM', true],
    ['', true],
    ['comedy', false],
  ])('%j matches: %s', (q, expected) => {
    expect(matchesScriptSearch(script, q)).toBe(expected);
  });
});

describe('card preview', () => {
  it('keeps short content whole and cuts long content at 150 characters', () => {
    expect(scriptPreview('short')).toBe('short');
    const long = 'x'.repeat(200);
    expect(scriptPreview(long)).toBe(`${'x'.repeat(150)}…`);
  });
});
