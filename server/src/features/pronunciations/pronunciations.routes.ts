import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pronunciationInputSchema,
  pronunciationListQuerySchema,
  pronunciationListSchema,
  pronunciationSchema,
} from '@doublecast/common/direction';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../http/openapi';
import { rateLimiter } from '../../http/rate-limit';
import {
  addPronunciation,
  listPronunciations,
  removePronunciation,
} from './pronunciations.service';

/** The signed-in user's pronunciations: their own list and their scripts' (decision 322). */
export function pronunciationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const writes = rateLimiter(app, 'pronunciationWrite');
    const signedIn = signedInOnly(ctx.auth);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/pronunciations',
      {
        onRequest: signedIn,
        schema: {
          querystring: pronunciationListQuerySchema,
          response: { 200: pronunciationListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        return {
          pronunciations: await listPronunciations(ctx, {
            userId: user.id,
            scriptId: request.query.scriptId,
          }),
        };
      },
    );

    app.post(
      '/pronunciations',
      {
        onRequest: signedIn,
        schema: {
          body: pronunciationInputSchema,
          response: { 201: pronunciationSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await writes.hit(request, `user:${user.id}`);
        return reply
          .status(201)
          .send(await addPronunciation(ctx, { userId: user.id, input: request.body }));
      },
    );

    app.delete(
      '/pronunciations/:id',
      {
        onRequest: signedIn,
        schema: {
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await writes.hit(request, `user:${user.id}`);
        await removePronunciation(ctx, { userId: user.id, id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
