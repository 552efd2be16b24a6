import type { FastifyPluginAsync } from 'fastify';
import { clientEventSchema } from '@doublecast/common/analytics';
import type { AppContext } from '../../app-context';
import { createRateLimiter } from '../../http/rate-limit';
import { trackEvent } from './analytics.service';

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsync {
  const limiter = createRateLimiter({ limit: 60, windowMs: 60_000, clock: ctx.clock });
  return async (app) => {
    app.post('/events', { bodyLimit: 16 * 1024 }, async (request, reply) => {
      const event = clientEventSchema.parse(request.body ?? {});
      limiter.hit(`ip:${request.ip}`);
      const user = await ctx.auth.getSessionUser(request);
      await trackEvent(ctx, {
        name: event.name,
        userId: user?.id ?? null,
        properties: event.properties,
      });
      return reply.status(204).send();
    });
  };
}
