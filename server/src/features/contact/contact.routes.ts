import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageCreatedSchema, contactMessageInputSchema } from '@doublecast/common/contact';
import { errorResponses } from '../../http/openapi';
import type { AppContext } from '../../app-context';
import { addressKey, rateLimiter } from '../../http/rate-limit';
import { createContactMessage } from './contact.service';

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Keeps one address from filling the inbox: 5 messages per 10 minutes.
    const limiter = rateLimiter(app, 'contact');
    const schema = {
      body: contactMessageInputSchema,
      response: { 201: contactMessageCreatedSchema, ...errorResponses(400, 429) },
    };
    app.post('/contact-messages', { bodyLimit: 64 * 1024, schema }, async (request, reply) => {
      const input = request.body;
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
