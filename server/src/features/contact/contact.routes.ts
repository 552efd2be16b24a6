import type { FastifyPluginAsync } from 'fastify';
import { contactMessageInputSchema } from '@doublecast/common/contact';
import type { AppContext } from '../../app-context';
import { addressKey, rateLimiter } from '../../http/rate-limit';
import { createContactMessage } from './contact.service';

export function contactRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Keeps one address from filling the inbox: 5 messages per 10 minutes.
    const limiter = rateLimiter(app, 'contact');
    app.post('/contact-messages', { bodyLimit: 64 * 1024 }, async (request, reply) => {
      const input = contactMessageInputSchema.parse(request.body ?? {});
      await limiter.hit(request, addressKey(request));
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
