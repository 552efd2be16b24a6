import { describe, expect, it } from 'vitest';
import {
  annualFreeMonths,
  annualSavings,
  currentMonthlyPrice,
  DEFAULT_PLAN_CONFIG,
  formatUsd,
  isLaunchPricing,
  isPlanKey,
  launchCountdown,
  listPlans,
  type PlanConfig,
} from './plans';

const config = DEFAULT_PLAN_CONFIG;
// Launch pricing ends at 2025-07-01 00:00 Pacific (-07:00), which is 07:00 UTC.
const beforeLaunchEnd = new Date('2025-06-15T12:00:00Z');
const lastLaunchMs = new Date('2025-07-01T06:59:59.999Z');
const launchEnd = new Date('2025-07-01T07:00:00Z');
const afterLaunchEnd = new Date('2026-11-22T12:00:00Z');

describe('launch pricing window', () => {
  it.each([
    ['two weeks before the end', beforeLaunchEnd, true],
    ['the last millisecond', lastLaunchMs, true],
    ['the exact end instant', launchEnd, false],
    ['long after the end', afterLaunchEnd, false],
  ])('at %s isLaunchPricing is %s', (_label, now, expected) => {
    expect(isLaunchPricing(config, now)).toBe(expected);
  });

  it.each([
    [beforeLaunchEnd, 5.99],
    [lastLaunchMs, 5.99],
    [launchEnd, 9.99],
    [afterLaunchEnd, 9.99],
  ])('at %s the advertised monthly price is %s', (now, price) => {
    expect(currentMonthlyPrice(config, now)).toBe(price);
  });

  it('follows a configured end date instead of the default', () => {
    const later: PlanConfig = { ...config, launchEndsAt: '2027-01-01T00:00:00-08:00' };
    expect(currentMonthlyPrice(later, afterLaunchEnd)).toBe(5.99);
    expect(currentMonthlyPrice(later, new Date('2027-01-01T08:00:00Z'))).toBe(9.99);
  });
});

describe('annual plan savings', () => {
  it('saves 11.89 and gives "2 months free" at the launch price', () => {
    expect(annualSavings(config, beforeLaunchEnd)).toBe(11.89);
    expect(annualFreeMonths(config, beforeLaunchEnd)).toBe(2);
  });

  it('is computed from the post-launch price once launch pricing has ended', () => {
    // 9.99 * 12 - 59.99 = 59.89, which is 5.99 months of 9.99.
    expect(annualSavings(config, afterLaunchEnd)).toBe(59.89);
    expect(annualFreeMonths(config, afterLaunchEnd)).toBe(6);
  });

  it('lists the monthly and annual plans with prices from the data', () => {
    expect(listPlans(config, beforeLaunchEnd)).toEqual([
      { key: 'monthly', name: 'Monthly', price: 5.99, interval: 'month', perMonth: 5.99 },
      { key: 'annual', name: 'Annual', price: 59.99, interval: 'year', perMonth: 5 },
    ]);
    expect(listPlans(config, afterLaunchEnd)[0]).toMatchObject({ price: 9.99, perMonth: 9.99 });
  });

  it('derives every figure from a changed configuration', () => {
    const custom: PlanConfig = { ...config, monthlyPrice: 10, annualPrice: 100 };
    expect(annualSavings(custom, beforeLaunchEnd)).toBe(20);
    expect(annualFreeMonths(custom, beforeLaunchEnd)).toBe(2);
  });
});

describe('launchCountdown', () => {
  it.each([
    [
      'a whole day and a second',
      '2025-06-30T06:59:59Z',
      { days: 1, hours: 0, minutes: 0, seconds: 1 },
    ],
    ['one second', '2025-07-01T06:59:59Z', { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [
      'a part of a second (rounded down)',
      '2025-07-01T06:59:59.500Z',
      { days: 0, hours: 0, minutes: 0, seconds: 0 },
    ],
    ['15 days 18:59:59', '2025-06-15T12:00:01Z', { days: 15, hours: 18, minutes: 59, seconds: 59 }],
    [
      '2 hours 3 minutes 4 seconds',
      '2025-07-01T04:56:56Z',
      { days: 0, hours: 2, minutes: 3, seconds: 4 },
    ],
  ])('with %s left', (_label, now, expected) => {
    expect(launchCountdown(config, new Date(now))).toEqual(expected);
  });

  it.each([
    ['at the end instant', launchEnd],
    ['after the end', afterLaunchEnd],
  ])('is null %s', (_label, now) => {
    expect(launchCountdown(config, now)).toBeNull();
  });

  it('counts down one second per second', () => {
    const start = new Date('2025-06-30T00:00:00Z');
    const a = launchCountdown(config, start)!;
    const b = launchCountdown(config, new Date(start.getTime() + 1000))!;
    const toSeconds = (c: typeof a) =>
      c.days * 86_400 + c.hours * 3600 + c.minutes * 60 + c.seconds;
    expect(toSeconds(a) - toSeconds(b)).toBe(1);
    expect(toSeconds(a)).toBe(31 * 3600);
  });
});

describe('helpers', () => {
  it.each([
    [5.99, '$5.99'],
    [9.99, '$9.99'],
    [59.99, '$59.99'],
    [5, '$5.00'],
    [11.89, '$11.89'],
  ])('formatUsd(%s) is %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it.each([
    ['monthly', true],
    ['annual', true],
    ['weekly', false],
    [undefined, false],
    [1, false],
  ])('isPlanKey(%s) is %s', (value, expected) => {
    expect(isPlanKey(value)).toBe(expected);
  });
});
