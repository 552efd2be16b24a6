import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lineAudioInputSchema,
  readerTrackInputSchema,
  readerTrackSchema,
  rehearsalPlanInputSchema,
  rehearsalPlanSchema,
  type RehearsalPlan,
} from '@doublecast/common/rehearsal';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses, mp3Response, serialisedJsonBytes } from '../../http/openapi';
import { abortWhenClientLeaves } from '../../http/client-gone';
import { rateLimiter } from '../../http/rate-limit';
import { createReaderTrack, getLineAudio, planRehearsal } from './rehearsal.service';

export function rehearsalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const planLimiter = rateLimiter(app, 'rehearsalPlan');
    const lineLimiter = rateLimiter(app, 'rehearsalLine');
    const trackLimiter = rateLimiter(app, 'readerTrack');
    const signedIn = signedInOnly(ctx.auth);
    app.post(
      '/rehearsal/plan',
      {
        onRequest: signedIn,
        schema: {
          body: rehearsalPlanInputSchema,
          response: { 200: rehearsalPlanSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      // The answer is JSON the plan writes a page of lines at a time (decision 261), sent as
      // text: the schema describes it, and the rehearsal test checks the text against it.
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await planLimiter.hit(request, `user:${user.id}`);
        const plan = await planRehearsal(ctx, { userId: user.id, ...request.body });
        return reply.send(serialisedJsonBytes<RehearsalPlan>(reply, plan));
      },
    );

    /** One line's MP3. POST (JSON, same-origin) because it may spend the allowance. */
    app.post(
      '/rehearsal/line-audio',
      {
        onRequest: signedIn,
        schema: {
          body: lineAudioInputSchema,
          response: {
            200: mp3Response("The partner line's audio"),
            ...errorResponses(400, 401, 404, 409, 429, 500, 503),
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const input = request.body;
        await lineLimiter.hit(request, `user:${user.id}`);
        const result = await getLineAudio(ctx, {
          userId: user.id,
          ...input,
          requestId: request.id,
          signal: abortWhenClientLeaves(reply),
        });
        return reply
          .header('content-type', 'audio/mpeg')
          .header('cache-control', 'private, max-age=3600')
          .send(result.audio);
      },
    );

    app.post(
      '/rehearsal/reader-track',
      {
        onRequest: signedIn,
        schema: {
          body: readerTrackInputSchema,
          response: {
            201: readerTrackSchema,
            ...errorResponses(400, 401, 404, 409, 429, 500, 503),
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await trackLimiter.hit(request, `user:${user.id}`);
        return reply.status(201).send(
          await createReaderTrack(ctx, {
            userId: user.id,
            requestId: request.id,
            ...request.body,
          }),
        );
      },
    );
  };
}
