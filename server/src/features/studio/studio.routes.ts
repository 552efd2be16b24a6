import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  READING_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  STUDIO_TEXTS,
  readingInputSchema,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses, mp3Response } from '../../http/openapi';
import { rateLimiter } from '../../http/rate-limit';
import { startGeneration } from './studio.service';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const headersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string('Invalid Idempotency-Key header')
    .regex(KEY_PATTERN, 'Invalid Idempotency-Key header')
    .optional(),
});

/**
 * POST /api/readings answers audio/mpeg, chunked, as the engine makes it, with the new
 * reading's id in X-Generation-Id (decision 041). Errors before the first byte use the one JSON
 * error shape.
 */
export function studioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // docs/glossary.md#S9: 10 generations a minute per user.
    const limiter = rateLimiter(app, 'studioReading');
    app.post(
      '/studio/generations',
      {
        bodyLimit: 64 * 1024,
        onRequest: signedInOnly(ctx.auth, STUDIO_TEXTS.signInRequired),
        schema: {
          description: `Streams the reading as it is made. Headers: ${READING_ID_HEADER} (the reading's id), x-characters-remaining, x-voice-name (URI-encoded), x-replayed (1 when the ${IDEMPOTENCY_KEY_HEADER} was seen before and the saved reading is answered).`,
          headers: headersSchema,
          body: readingInputSchema,
          response: {
            200: mp3Response('The reading, chunked as the engine makes it'),
            ...errorResponses(400, 401, 404, 409, 429, 500, 503),
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request, STUDIO_TEXTS.signInRequired);
        const input = request.body;
        const header = request.headers[IDEMPOTENCY_KEY_HEADER];
        await limiter.hit(request, `user:${user.id}`);

        const abort = new AbortController();
        // The caller went away before the whole reading was sent: stop the engine.
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
        });
        const generation = await startGeneration(ctx, {
          user,
          input,
          idempotencyKey: typeof header === 'string' ? header : undefined,
          requestId: request.id,
          signal: abort.signal,
        });
        return reply
          .header('content-type', 'audio/mpeg')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header(READING_ID_HEADER, generation.generationId)
          .header('x-characters-remaining', String(generation.remaining))
          .header('x-voice-name', encodeURIComponent(generation.voice?.name ?? ''))
          .header('x-replayed', generation.replayed ? '1' : '0')
          .send(generation.audio);
      },
    );
  };
}
