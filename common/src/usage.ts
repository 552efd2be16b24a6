import { z } from 'zod';
import { FREE_MONTHLY_CHARACTERS, PAID_MONTHLY_CHARACTERS } from './plans';

/** The monthly character allowance per tier; months are calendar months in UTC. */
export const MONTHLY_CHARACTER_LIMITS = {
  free: FREE_MONTHLY_CHARACTERS,
  paid: PAID_MONTHLY_CHARACTERS,
} as const;

export const USAGE_ACTIONS = ['generation', 'rehearsal', 'reader_track'] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

export const CHARACTER_LIMIT_REASON = 'character_limit_exceeded';
export const GENERATE_REFUSED_MESSAGE =
  'Unable to generate audio at this time. Please try again later.';

// Made on first use: Intl's first call in a page is a long task (format.ts).
let resetDateFormat: Intl.DateTimeFormat | undefined;

/** When the allowance starts again, in words ("April 1, 2026"), from `resetsAt`. */
export function resetDate(resetsAt: string): string {
  resetDateFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return resetDateFormat.format(new Date(resetsAt));
}

/**
 * The refusal when a request would pass the month's allowance (docs/glossary.md#allowance): the
 * spec's text for a free user; a paying user has no larger plan to move to and is told when the
 * allowance resets instead (the first of the next UTC month, `resetsAt`).
 */
export function characterLimitMessage(
  remaining: number,
  allowance: { tier: 'free' | 'paid'; resetsAt: string },
): string {
  const left = `Character limit exceeded! You have ${remaining} characters remaining this month.`;
  return allowance.tier === 'paid'
    ? `${left} Your allowance resets on ${resetDate(allowance.resetsAt)}.`
    : `${left} Upgrade to get unlimited access.`;
}

/** What is left of the allowance after `used`; never negative (a downgrade can leave used > limit). */
export function remainingCharacters(used: number, limit: number): number {
  return Math.max(0, limit - used);
}

export const monthlyUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  monthStart: z.string(),
  /** The tier whose allowance this is, and when it starts again (the next UTC month). */
  tier: z.enum(['free', 'paid']),
  resetsAt: z.string(),
});
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;

export const characterLimitDetailsSchema = z.object({
  reason: z.literal(CHARACTER_LIMIT_REASON),
  currentUsage: z.number(),
  limit: z.number(),
  remaining: z.number(),
});
