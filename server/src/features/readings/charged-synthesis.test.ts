import { describe, expect, it } from 'vitest';
import { piecesOf } from './charged-synthesis';

describe('the pieces a reading is charged in', () => {
  it.each([
    ['One. Two! Three?', ['One.', 'Two!', 'Three?']],
    ['He said "Stop." Then left.', ['He said "Stop."', 'Then left.']],
    ['Line one\nLine two', ['Line one', 'Line two']],
    ['3.5 million. Yes.', ['3.5 million.', 'Yes.']],
    ['Wait... ... Go.', ['Wait... ...', 'Go.']],
    ['  Padded.  ', ['Padded.']],
    ['...', ['...']],
  ])('%j', (text, expected) => {
    expect(piecesOf(text, 'sentences').map((p) => p.text)).toEqual(expected);
  });

  it('ends each piece where it ends in the trimmed text, so a charge is a prefix of it', () => {
    const text = '  First one.   Second one.\n\nThird.  ';
    const pieces = piecesOf(text, 'sentences');
    expect(pieces.map((p) => text.trim().slice(0, p.end))).toEqual([
      'First one.',
      'First one.   Second one.',
      'First one.   Second one.\n\nThird.',
    ]);
  });

  it('cuts a sentence longer than 300 characters at spaces, and a long token at 300', () => {
    const words = 'word '.repeat(200).trim();
    const pieces = piecesOf(words, 'sentences');
    expect(pieces.every((p) => p.text.length <= 300)).toBe(true);
    expect(pieces.map((p) => p.text).join(' ')).toBe(words);
    const token = 'a'.repeat(700);
    expect(piecesOf(token, 'sentences').map((p) => p.text.length)).toEqual([300, 300, 100]);
  });

  it('keeps a rehearsal line whole', () => {
    expect(piecesOf(' I know. The train stopped. ', 'whole')).toEqual([
      { text: 'I know. The train stopped.', end: 26 },
    ]);
  });
});
