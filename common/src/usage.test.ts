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

  it('words the refusal to a free user exactly as the spec does', () => {
    expect(characterLimitMessage(120, { tier: 'free', resetsAt: '2026-04-01T00:00:00.000Z' })).toBe(
      'Character limit exceeded! You have 120 characters remaining this month. Upgrade to get unlimited access.',
    );
  });

  it('tells a paying user when the allowance resets (the first of the next UTC month)', () => {
    expect(characterLimitMessage(0, { tier: 'paid', resetsAt: '2027-01-01T00:00:00.000Z' })).toBe(
      'Character limit exceeded! You have 0 characters remaining this month. Your allowance resets on January 1, 2027.',
    );
  });
});
