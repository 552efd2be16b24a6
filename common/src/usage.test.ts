import { describe, expect, it } from 'vitest';
import { characterLimitMessage, remainingCharacters } from './usage';

describe('usage maths', () => {
  it.each([
    [0, 10_000, 10_000],
    [9_999, 10_000, 1],
    [10_000, 10_000, 0],
    [25_000, 10_000, 0],
  ])('used %i of %i leaves %i', (used, limit, remaining) => {
    expect(remainingCharacters(used, limit)).toBe(remaining);
  });

  it('words the refusal exactly as the spec does', () => {
    expect(characterLimitMessage(120)).toBe(
      'Character limit exceeded! You have 120 characters remaining this month. Upgrade to get unlimited access.',
    );
  });
});
