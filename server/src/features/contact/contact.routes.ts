import type { FastifyPluginAsync } from 'fastify';
import { contactMessageInputSchema } from '@doublecast/common/contact';
import type { AppContext } from '../../app-context';
import { createRateLimiter } from '../../http/rate-limit';
import { createContactMessage } from './contact.service';

export function contactRoutes(ctx: AppContext): FastifyPluginAsync {
  // Keeps one address from filling the inbox: 5 messages per 10 minutes.
  const limiter = createRateLimiter({ limit: 5, windowMs: 10 * 60_000, clock: ctx.clock });
  return async (app) => {
    app.post('/contact-messages', { bodyLimit: 64 * 1024 }, async (request, reply) => {
      const input = contactMessageInputSchema.parse(request.body ?? {});
      limiter.hit(`ip:${request.ip}`);
      const user = await ctx.auth.getSessionUser(request);
      const created = await createContactMessage(ctx, {
        input,
        userId: user?.id ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(created);
    });
  };
}
