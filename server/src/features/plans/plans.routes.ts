import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

const planConfigResponseSchema = z.object({
  config: z.object({
    monthlyPrice: z.number(),
    annualPrice: z.number(),
    postLaunchMonthlyPrice: z.number(),
    launchEndsAt: z.string().describe('ISO 8601 instant at which launch pricing ends'),
  }),
});

/** The plan data the web app renders every price from (configurable, see env.ts). */
export function planRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/plans',
      { schema: { response: { 200: planConfigResponseSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { config: ctx.plans };
      },
    );
  };
}
