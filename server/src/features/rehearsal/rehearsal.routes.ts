import type { FastifyPluginAsync } from 'fastify';
import {
  lineAudioInputSchema,
  readerTrackInputSchema,
  rehearsalPlanInputSchema,
} from '@doublecast/common/rehearsal';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { rateLimiter } from '../../http/rate-limit';
import { createReaderTrack, getLineAudio, planRehearsal } from './rehearsal.service';

export function rehearsalRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const lineLimiter = rateLimiter(app, 'rehearsalLine');
    const trackLimiter = rateLimiter(app, 'readerTrack');
    app.post('/rehearsal/plan', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const input = rehearsalPlanInputSchema.parse(request.body ?? {});
      return planRehearsal(ctx, { userId: user.id, ...input });
    });

    /** One line's MP3. POST (JSON, same-origin) because it may spend the allowance. */
    app.post('/rehearsal/line-audio', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const input = lineAudioInputSchema.parse(request.body ?? {});
      await lineLimiter.hit(request, `user:${user.id}`);
      const abort = new AbortController();
      // The listener left mid-line (skipped ahead, closed the page): stop making audio for nobody.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const result = await getLineAudio(ctx, {
        userId: user.id,
        ...input,
        requestId: request.id,
        signal: abort.signal,
      });
      return reply
        .header('content-type', 'audio/mpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(result.audio);
    });

    app.post('/rehearsal/reader-track', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const input = readerTrackInputSchema.parse(request.body ?? {});
      await trackLimiter.hit(request, `user:${user.id}`);
      return reply
        .status(201)
        .send(await createReaderTrack(ctx, { userId: user.id, requestId: request.id, ...input }));
    });
  };
}
