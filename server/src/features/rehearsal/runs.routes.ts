import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  runInputSchema,
  runListQuerySchema,
  runListSchema,
  runSummarySchema,
  troubleSpotsQuerySchema,
  troubleSpotsSchema,
} from '@doublecast/common/rehearsal';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../http/openapi';
import { rateLimiter } from '../../http/rate-limit';
import {
  listScriptRuns,
  recordRun,
  removeRun,
  removeScriptRuns,
  troubleSpots,
} from './runs.service';

const runParams = z.object({ id: z.string().min(1).max(64) });
const scriptQuery = z.object({ scriptId: z.string().min(1).max(64) });

/** The actor's rehearsal runs of a script: kept, listed, read for trouble spots, deleted. */
export function rehearsalRunRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const runLimiter = rateLimiter(app, 'rehearsalRun');
    const signedIn = signedInOnly(ctx.auth);
    app.post(
      '/rehearsal/runs',
      {
        onRequest: signedIn,
        schema: {
          body: runInputSchema,
          response: { 201: runSummarySchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await runLimiter.hit(request, `user:${user.id}`);
        return reply.status(201).send(await recordRun(ctx, { userId: user.id, ...request.body }));
      },
    );

    app.get(
      '/rehearsal/runs',
      {
        onRequest: signedIn,
        schema: {
          querystring: runListQuerySchema,
          response: { 200: runListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = await requireUser(ctx.auth, request);
        return listScriptRuns(ctx, { userId: user.id, ...request.query });
      },
    );

    app.get(
      '/rehearsal/trouble-spots',
      {
        onRequest: signedIn,
        schema: {
          querystring: troubleSpotsQuerySchema,
          response: { 200: troubleSpotsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const user = await requireUser(ctx.auth, request);
        return troubleSpots(ctx, { userId: user.id, ...request.query });
      },
    );

    app.delete(
      '/rehearsal/runs/:id',
      {
        onRequest: signedIn,
        schema: {
          params: runParams,
          response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await removeRun(ctx, { userId: user.id, id: request.params.id });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/rehearsal/runs',
      {
        onRequest: signedIn,
        schema: {
          querystring: scriptQuery,
          response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await removeScriptRuns(ctx, { userId: user.id, scriptId: request.query.scriptId });
        return reply.status(204).send(null);
      },
    );
  };
}
