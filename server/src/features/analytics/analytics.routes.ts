import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientEventSchema } from '@doublecast/common/analytics';
import type { AppContext } from '../../app-context';
import { errorResponses, noContentSchema } from '../../http/openapi';
import { addressKey, rateLimiter } from '../../http/rate-limit';
import { trackEvent } from './analytics.service';

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limiter = rateLimiter(app, 'analyticsEvents');
    const schema = {
      body: clientEventSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 429) },
    };
    app.post('/events', { bodyLimit: 16 * 1024, schema }, async (request, reply) => {
      const event = request.body;
      await limiter.hit(request, addressKey(request));
      const user = await ctx.auth.getSessionUser(request);
      await trackEvent(ctx, {
        name: event.name,
        userId: user?.id ?? null,
        properties: event.properties,
      });
      return reply.status(204).send(null);
    });
  };
}
