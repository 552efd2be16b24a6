import type { FastifyPluginAsync } from 'fastify';
import type { MonthlyUsage } from '@doublecast/common/usage';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { getMonthlyUsage } from './usage.service';

export function usageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/usage', async (request, reply): Promise<MonthlyUsage> => {
      const user = await requireUser(ctx.auth, request);
      reply.header('cache-control', 'no-store');
      return getMonthlyUsage(ctx, { userId: user.id });
    });
  };
}
