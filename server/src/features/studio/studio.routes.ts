import type { FastifyPluginAsync } from 'fastify';
import {
  GENERATION_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  STUDIO_TEXTS,
  generationInputSchema,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { rateLimiter } from '../../http/rate-limit';
import { AppError } from '../../lib/app-error';
import { startGeneration } from './studio.service';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * POST /api/studio/generations answers audio/mpeg, chunked, as the engine makes it, with the new
 * reading's id in X-Generation-Id (decision 041). Errors before the first byte use the one JSON
 * error shape.
 */
export function studioRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // docs/glossary.md#S9: 10 generations a minute per user.
    const limiter = rateLimiter(app, 'studioReading');
    app.post('/studio/generations', { bodyLimit: 64 * 1024 }, async (request, reply) => {
      const user = await ctx.auth.getSessionUser(request);
      if (!user) throw new AppError('unauthenticated', STUDIO_TEXTS.signInRequired);
      const input = generationInputSchema.parse(request.body ?? {});
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header !== undefined && (typeof header !== 'string' || !KEY_PATTERN.test(header))) {
        throw new AppError('invalid-argument', 'Invalid Idempotency-Key header');
      }
      await limiter.hit(request, `user:${user.id}`);

      const abort = new AbortController();
      // The caller went away before the whole reading was sent: stop the engine.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const generation = await startGeneration(ctx, {
        user,
        input,
        idempotencyKey: header,
        requestId: request.id,
        signal: abort.signal,
      });
      return reply
        .header('content-type', 'audio/mpeg')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header(GENERATION_ID_HEADER, generation.generationId)
        .header('x-characters-remaining', String(generation.remaining))
        .header('x-voice-name', encodeURIComponent(generation.voice?.name ?? ''))
        .header('x-replayed', generation.replayed ? '1' : '0')
        .send(generation.audio);
    });
  };
}
