import { utc } from '@date-fns/utc';
// One module per function: the package's index loads every function it has, seconds per process.
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { startOfMonth } from 'date-fns/startOfMonth';

/**
 * Calendar arithmetic in UTC, through date-fns: a month after 31 January is the last day of
 * February (Date's own setUTCMonth runs over into March), a year after 29 February is 28
 * February. Every period the server computes in months or years comes from here
 * (docs/decisions/300-calendar-periods-with-date-fns.md).
 */
const inUtc = { in: utc };

/** Plain Dates out (date-fns answers UTCDate, a subclass). */
const plain = (d: Date): Date => new Date(d.getTime());

/** `months` calendar months after `from`, at the same time of day, clamped to the month's end. */
export function addUtcMonths(from: Date, months: number): Date {
  return plain(addMonths(from, months, inUtc));
}

/** `years` calendar years after `from` (29 February gives 28 February). */
export function addUtcYears(from: Date, years: number): Date {
  return plain(addYears(from, years, inUtc));
}

/** First instant of the UTC calendar month that contains `at`. */
export function utcMonthStart(at: Date): Date {
  return plain(startOfMonth(at, inUtc));
}

/** First instant of the UTC calendar month `months` after (or, negative, before) the one of `at`. */
export function utcMonthStartAfter(at: Date, months: number): Date {
  return plain(addMonths(startOfMonth(at, inUtc), months, inUtc));
}

/** The UTC calendar month of `at` as YYYY-MM: the key of the allowance's counters and ledger. */
export function utcMonthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}
