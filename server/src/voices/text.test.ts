import { describe, expect, it } from 'vitest';
import { foldText, splitForSynthesis } from './text';

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
