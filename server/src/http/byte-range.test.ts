import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-', 100, { start: 0, end: 99 }],
    ['bytes=10-19', 100, { start: 10, end: 19 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=20-10', 100, 'unsatisfiable'],
    ['bytes=-', 100, null],
    ['items=0-5', 100, null],
    ['bytes=0-5,10-15', 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
