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

/** The refusal when a request would pass the month's allowance (docs/glossary.md#allowance). */
export function characterLimitMessage(remaining: number): string {
  return `Character limit exceeded! You have ${remaining} characters remaining this month. Upgrade to get unlimited access.`;
}

/** First instant of the UTC calendar month that contains `now`. */
export function monthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** First instant of the next UTC calendar month. */
export function nextMonthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The month a usage counter belongs to, as YYYY-MM (UTC). */
export function monthKeyOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
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
});
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;

export const characterLimitDetailsSchema = z.object({
  reason: z.literal(CHARACTER_LIMIT_REASON),
  currentUsage: z.number(),
  limit: z.number(),
  remaining: z.number(),
});
