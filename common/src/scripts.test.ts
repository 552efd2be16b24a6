import { describe, expect, it } from 'vitest';
import {
  addTag,
  countWords,
  matchesScriptSearch,
  scriptInputSchema,
  scriptPreview,
  SCRIPT_CONTENT_REQUIRED,
  SCRIPT_TITLE_REQUIRED,
  describeImportSummary,
  describePages,
  outlineScenes,
  summariseAnalysis,
  type ScriptLine,
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

describe('import summary and scene outline', () => {
  const line = (kind: ScriptLine['kind'], character: string | null, text: string, i: number) => ({
    id: `l${i}`,
    kind,
    character,
    text,
    direction: null,
    spoken: kind === 'dialogue',
    dual: false,
  });
  const lines = [
    line('action', null, 'Cold open.', 1),
    line('dialogue', 'ANNA', 'Hi.', 2),
    line('heading', null, 'INT. FLAT - DAY', 3),
    line('dialogue', 'BEN', 'Hello.', 4),
    line('dialogue', 'ANNA', 'Again.', 5),
    line('heading', null, 'EXT. ROOF - NIGHT', 6),
    line('action', null, 'Wind.', 7),
  ];

  it('counts speaking characters, speeches and scenes, and says pages only for page layouts', () => {
    const summary = summariseAnalysis({ lines });
    expect(summary).toEqual({
      characters: 2,
      speeches: 3,
      scenes: 2,
      pages: null,
      pagesWithoutDialogue: null,
      ocrPages: [],
    });
    expect(describeImportSummary(summary)).toBe('2 characters, 3 speeches, 2 scenes');
    expect(
      describeImportSummary({
        ...summary,
        characters: 38,
        speeches: 848,
        pages: 90,
        pagesWithoutDialogue: 3,
      }),
    ).toBe('38 characters, 848 speeches, 2 scenes, 3 pages with no dialogue found');
    expect(
      describeImportSummary({
        characters: 1,
        speeches: 1,
        scenes: 1,
        pages: 1,
        pagesWithoutDialogue: 1,
        ocrPages: [],
      }),
    ).toBe('1 character, 1 speech, 1 scene, 1 page with no dialogue found');
  });

  it('writes page numbers with runs as ranges', () => {
    expect(describePages([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
    expect(describePages([4])).toBe('4');
    expect(describePages([])).toBe('');
  });

  it('outlines scenes with who speaks, the lines before the first heading as their own', () => {
    expect(outlineScenes({ lines })).toEqual([
      { heading: null, speeches: 1, speakers: ['ANNA'] },
      { heading: 'INT. FLAT - DAY', speeches: 2, speakers: ['BEN', 'ANNA'] },
      { heading: 'EXT. ROOF - NIGHT', speeches: 0, speakers: [] },
    ]);
  });
});
