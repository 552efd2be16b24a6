import { z } from 'zod';

/** The answer of GET /api/plans (imported when the request is made, decision 235). */
export const plansResponseSchema = z.object({
  config: z.object({
    monthlyPrice: z.number(),
    annualPrice: z.number(),
    postLaunchMonthlyPrice: z.number(),
    launchEndsAt: z.string(),
  }),
});
