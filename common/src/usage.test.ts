import { describe, expect, it } from 'vitest';
import {
  characterLimitMessage,
  monthKeyOf,
  monthStartOf,
  nextMonthStartOf,
  remainingCharacters,
} from './usage';

describe('usage maths', () => {
  it.each([
    ['2026-03-15T12:00:00Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', '2026-03'],
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-01'],
    ['2026-12-31T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '2026-12'],
    // 23:30 on the last day in New York is already the next month in UTC.
    [
      '2026-03-31T23:30:00-04:00',
      '2026-04-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-04',
    ],
  ])('%s is in the UTC month starting %s', (now, start, next, key) => {
    expect(monthStartOf(new Date(now)).toISOString()).toBe(start);
    expect(nextMonthStartOf(new Date(now)).toISOString()).toBe(next);
    expect(monthKeyOf(new Date(now))).toBe(key);
  });

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
