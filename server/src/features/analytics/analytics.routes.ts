import type { FastifyPluginAsync } from 'fastify';
import { clientEventSchema } from '@doublecast/common/analytics';
import type { AppContext } from '../../app-context';
import { addressKey, rateLimiter } from '../../http/rate-limit';
import { trackEvent } from './analytics.service';

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limiter = rateLimiter(app, 'analyticsEvents');
    app.post('/events', { bodyLimit: 16 * 1024 }, async (request, reply) => {
      const event = clientEventSchema.parse(request.body ?? {});
      await limiter.hit(request, addressKey(request));
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
