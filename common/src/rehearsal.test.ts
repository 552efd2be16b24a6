import { describe, expect, it } from 'vitest';
import { cuePauseMs, firstLetters, rehearsalLines, suggestVoices } from './rehearsal';
import type { ScriptLine } from './scripts';

describe('pause sized to the line', () => {
  it.each([
    ['Yes.', 1_500],
    ['I know the words.', 2_600],
    ['word '.repeat(20), 9_000],
    ['word '.repeat(200), 30_000],
  ])('%j -> %i ms', (text, ms) => {
    expect(cuePauseMs(text)).toBe(ms);
  });
});

describe('first letters only', () => {
  it.each([
    ['To be, or not to be.', 'T b, o n t b.'],
    ["Don't say it!", 'D s i!'],
    ['"Quoted" words', '"Q" w'],
    ['Café 42 times', 'C 4 t'],
  ])('%j -> %j', (text, expected) => {
    expect(firstLetters(text)).toBe(expected);
  });
});

describe('rehearsal lines', () => {
  const line = (over: Partial<ScriptLine>): ScriptLine => ({
    id: 'l1',
    kind: 'dialogue',
    character: 'ANNA',
    text: 'Hi.',
    direction: null,
    spoken: true,
    dual: false,
    ...over,
  });
  it('keeps spoken dialogue with text, in order', () => {
    const lines = [
      line({ id: 'l1', kind: 'heading', character: null, spoken: false }),
      line({ id: 'l2' }),
      line({ id: 'l3', spoken: false }),
      line({ id: 'l4', text: '' }),
      line({ id: 'l5', character: 'BEN' }),
    ];
    expect(rehearsalLines(lines).map((l) => l.id)).toEqual(['l2', 'l5']);
  });
});

describe('voice suggestions', () => {
  const voices = [
    { id: 'tom', labels: { gender: 'male' as const }, category: 'men' as const },
    { id: 'ann', labels: { gender: 'female' as const }, category: 'women' as const },
    { id: 'max', labels: { gender: 'male' as const }, category: 'men' as const },
    { id: 'kid', labels: { gender: 'female' as const }, category: 'children' as const },
  ];
  it.each<
    [string, { name: string; gender: 'male' | 'female' | null }[], string, Record<string, string>]
  >([
    [
      'matches the implied gender',
      [
        { name: 'DEV', gender: 'male' },
        { name: 'MAYA', gender: 'female' },
      ],
      'NONE',
      { DEV: 'tom', MAYA: 'ann' },
    ],
    [
      "leaves out the actor's own role",
      [
        { name: 'DEV', gender: 'male' },
        { name: 'MAYA', gender: 'female' },
      ],
      'MAYA',
      { DEV: 'tom' },
    ],
    [
      'gives two men two different voices',
      [
        { name: 'A', gender: 'male' },
        { name: 'B', gender: 'male' },
      ],
      'X',
      { A: 'tom', B: 'max' },
    ],
    [
      'takes any adult voice when the script does not say',
      [
        { name: 'A', gender: null },
        { name: 'B', gender: null },
        { name: 'C', gender: null },
      ],
      'X',
      { A: 'tom', B: 'ann', C: 'max' },
    ],
    [
      'reuses a voice when there are not enough',
      [
        { name: 'A', gender: 'female' },
        { name: 'B', gender: 'female' },
      ],
      'X',
      { A: 'ann', B: 'ann' },
    ],
  ])('%s', (_label, characters, role, expected) => {
    expect(suggestVoices(characters, voices, role)).toEqual(expected);
  });
});
