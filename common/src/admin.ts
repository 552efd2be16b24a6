import { z } from 'zod';

/** Spec section 9: estimated provider cost, 0.18 USD per 1,000 characters. */
export const PROVIDER_COST_PER_1000_CHARACTERS_USD = 0.18;

export const ADMIN_TITLE = 'Admin Control Center';
export const ADMIN_DASHBOARD_LOAD_ERROR = 'Failed to load dashboard data.';

/** The share of `errors` in `total` as a percentage with one decimal (0 when there is nothing). */
export function errorRatePercent(errors: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((errors / total) * 1000) / 10;
}

/** Estimated provider cost in USD for `characters`, rounded to a hundredth of a cent. */
export function estimatedCostUsd(characters: number): number {
  return Math.round((characters / 1000) * PROVIDER_COST_PER_1000_CHARACTERS_USD * 10_000) / 10_000;
}

export const adminDashboardSchema = z.object({
  /** The UTC day the "today" figures cover, YYYY-MM-DD. */
  day: z.string(),
  totalUsers: z.number().int().nonnegative(),
  newUsersToday: z.number().int().nonnegative(),
  /** Every reading ever made, including ones their owner later deleted. */
  totalRecordings: z.number().int().nonnegative(),
  apiRequestsToday: z.number().int().nonnegative(),
  apiErrorsToday: z.number().int().nonnegative(),
  /** Percent, one decimal. */
  apiErrorRateToday: z.number().nonnegative(),
  apiCharactersToday: z.number().int().nonnegative(),
  /** USD. */
  estimatedApiCostToday: z.number().nonnegative(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
