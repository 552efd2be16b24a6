import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyUsageSchema, type MonthlyUsage } from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { getMonthlyUsage } from './usage.service';

export function usageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/usage',
      { schema: { response: { 200: monthlyUsageSchema, ...errorResponses(401) } } },
      async (request, reply): Promise<MonthlyUsage> => {
        const user = await requireUser(ctx.auth, request);
        reply.header('cache-control', 'no-store');
        return getMonthlyUsage(ctx, { userId: user.id });
      },
    );
  };
}
