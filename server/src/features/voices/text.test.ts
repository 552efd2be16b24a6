import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakLongWords,
  foldText,
  MAX_UTTERANCE_CHARS,
  MAX_WORD_CHARS,
  splitForSynthesis,
} from './text';

const longestWord = (text: string) => Math.max(0, ...text.split(/\s+/).map((w) => w.length));
/** The longest stretch of a piece without a sentence end. */
const longestUtterance = (piece: string) =>
  Math.max(0, ...piece.split(/(?<=[.!?]["')\]]*)\s+/).map((u) => u.length));
const lettersOf = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

describe('foldText', () => {
  it.each([
    ['It’s a “quoted” word', 'It\'s a "quoted" word', 'It\'s a "quoted" word'],
    ['Wait — what… really?', 'Wait , what... really?', 'Wait , what... really?'],
    ['Rock & roll', 'Rock and roll', 'Rock and roll'],
    ['A naïve café 😀 tonight', 'A naive cafe tonight', 'A naïve café tonight'],
    ['line one\r\nline\ttwo\u0007', 'line one\nline two', 'line one\nline two'],
  ])('%s', (input, ascii, espeak) => {
    expect(foldText(input, { asciiOnly: true })).toBe(ascii);
    expect(foldText(input, { asciiOnly: false })).toBe(espeak);
  });
});

describe('splitForSynthesis', () => {
  it('sends the first sentence alone, then gathers sentences up to the limit, in order', () => {
    const text = 'Hi. ' + 'This is a longer sentence here. '.repeat(40);
    const pieces = splitForSynthesis(text, { maxChars: 200 });
    expect(pieces[0]).toBe('Hi.');
    expect(pieces.every((p) => p.length <= 200)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(text.trim().replace(/\s+/g, ' '));
  });

  it('cuts an over-long sentence at a comma or space and treats lines as boundaries', () => {
    const long = 'word, '.repeat(100).trim();
    const pieces = splitForSynthesis(`${long}\nSecond line`, { firstMaxChars: 120, maxChars: 300 });
    expect(pieces[0]!.length).toBeLessThanOrEqual(120);
    expect(pieces.at(-1)).toMatch(/Second line$/);
    expect(
      pieces
        .join(' ')
        .split(/\s+/)
        .filter((w) => w.startsWith('word')).length,
    ).toBe(100);
  });

  it('drops pieces with nothing to say', () => {
    expect(splitForSynthesis('... !!! \n\n ---')).toEqual([]);
  });
});

describe('long words', () => {
  const token = 'abcdefghijklmnopqrstuvwxy'.repeat(24);

  it('breaks a 600-letter word into parts an engine can say, keeping every letter in order', () => {
    const pieces = splitForSynthesis(`Before it ${token} and after it.`);
    for (const piece of pieces) {
      expect(longestWord(piece)).toBeLessThanOrEqual(MAX_WORD_CHARS);
      expect(longestUtterance(piece)).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS);
    }
    expect(pieces[0]).toMatch(/^Before it /);
    expect(pieces.at(-1)).toMatch(/ and after it\.$/);
    expect(lettersOf(pieces.join(' '))).toBe(lettersOf(`Before it ${token} and after it.`));
  });

  it('breaks where a reader would pause first', () => {
    expect(breakLongWords('see https://example.com/some/very/long/path_name?query=1.')).toBe(
      'see https example com some very long path name?query 1.',
    );
    expect(breakLongWords('theQuickBrownFoxJumpsOverTheLazyDog2024 ok')).toBe(
      'the Quick Brown Fox Jumps Over The Lazy Dog 2024 ok',
    );
    expect(breakLongWords('x'.repeat(65))).toBe(
      `${'x'.repeat(30)} ${'x'.repeat(30)} ${'x'.repeat(5)}`,
    );
  });

  it('leaves words of ordinary length alone', () => {
    const text = 'Antidisestablishmentarianism, e.g. state-of-the-art, well-known.\nHello there!';
    expect(breakLongWords(text)).toBe(text);
  });

  it('never leaves Festival an utterance long enough to exhaust its heap', () => {
    // Lines without full stops (a poem, a list) gather into one piece: it must still be cut.
    const lines = Array.from({ length: 12 }, (_, i) => `this is line number ${i} of the poem`);
    const pieces = splitForSynthesis(lines.join('\n'));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS);
    expect(pieces.join(' ')).toBe(lines.join(' '));
  });

  it('keeps every piece bounded and every letter, whatever the text', () => {
    const chunk = fc.oneof(
      fc.constantFrom(' ', '\n', '. ', ', ', '!', '?', '-', '/', 'Aa', '42', 'x'.repeat(40)),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 80 }), (parts) => {
        const text = foldText(parts.join(''), { asciiOnly: true });
        const pieces = splitForSynthesis(text);
        for (const piece of pieces) {
          expect(piece.length).toBeLessThanOrEqual(500);
          expect(longestWord(piece)).toBeLessThanOrEqual(MAX_WORD_CHARS);
          expect(longestUtterance(piece)).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS);
        }
        expect(lettersOf(pieces.join(' '))).toBe(lettersOf(text));
      }),
      { numRuns: 500 },
    );
  });
});
