import { describe, expect, it } from 'vitest';
import {
  addUtcMonths,
  addUtcYears,
  utcMonthKey,
  utcMonthStart,
  utcMonthStartAfter,
} from './calendar';

const iso = (d: Date) => d.toISOString();

describe('calendar arithmetic in UTC', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-01-30T23:59:59.000Z', 1, '2026-02-28T23:59:59.000Z'],
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-05-31T12:00:00.000Z', 1, '2026-06-30T12:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', 1, '2027-01-31T12:00:00.000Z'],
    ['2026-03-15T12:00:00.000Z', 1, '2026-04-15T12:00:00.000Z'],
    // Renewals count from the first period's start, so the 31st comes back after February.
    ['2026-01-31T10:00:00.000Z', 2, '2026-03-31T10:00:00.000Z'],
    ['2026-03-31T10:00:00.000Z', -1, '2026-02-28T10:00:00.000Z'],
  ])('%s plus %i month(s) is %s', (from, months, end) => {
    expect(iso(addUtcMonths(new Date(from), months))).toBe(end);
  });

  it.each([
    ['2028-02-29T08:00:00.000Z', '2029-02-28T08:00:00.000Z'],
    ['2026-03-15T12:00:00.000Z', '2027-03-15T12:00:00.000Z'],
    ['2026-12-31T23:30:00.000Z', '2027-12-31T23:30:00.000Z'],
  ])('a year after %s is %s', (from, end) => {
    expect(iso(addUtcYears(new Date(from), 1))).toBe(end);
  });

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
    // 00:30 on the first in Berlin is still the month before in UTC.
    [
      '2026-03-01T00:30:00+01:00',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-02',
    ],
  ])('%s is in the UTC month starting %s', (at, start, next, key) => {
    expect(iso(utcMonthStart(new Date(at)))).toBe(start);
    expect(iso(utcMonthStartAfter(new Date(at), 1))).toBe(next);
    expect(utcMonthKey(new Date(at))).toBe(key);
  });

  it.each([
    ['2026-03-31T12:00:00Z', '2026-02-01T00:00:00.000Z'],
    ['2026-01-15T00:00:00Z', '2025-12-01T00:00:00.000Z'],
  ])('the month before %s starts %s', (at, start) => {
    expect(iso(utcMonthStartAfter(new Date(at), -1))).toBe(start);
  });

  it('answers plain Dates', () => {
    expect(addUtcMonths(new Date('2026-01-31T00:00:00Z'), 1).constructor).toBe(Date);
  });
});
