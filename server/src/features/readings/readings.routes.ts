import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadFileName } from '@doublecast/common/download-name';
import {
  READING_ID_HEADER,
  HISTORY_FETCH_DEFAULT,
  IDEMPOTENCY_KEY_HEADER,
  STUDIO_TEXTS,
  readingInputSchema,
  readingListSchema,
  sceneCastInputSchema,
  sceneCastSchema,
  type ReadingList,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly, signedInUser } from '../../http/auth-guard';
import { emptyResponse, errorResponses, mp3Response, noContentSchema } from '../../http/openapi';
import { abortWhenClientLeaves } from '../../http/client-gone';
import { rateLimiter } from '../../http/rate-limit';
import { AppError } from '../../lib/app-error';
import { parseRange } from '../../http/byte-range';
import { deleteReading, getReadableReading, listReadings, recordPlay } from '../history';
import { startReading, suggestSceneCast } from './readings.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(HISTORY_FETCH_DEFAULT),
});
const audioQuery = z.object({ download: z.enum(['1', 'true']).optional() });
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const headersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string('Invalid Idempotency-Key header')
    .regex(KEY_PATTERN, 'Invalid Idempotency-Key header')
    .optional(),
});

/**
 * /api/readings: a reading is made in the Studio (POST, streamed audio), listed in "Your Voice
 * History", played (byte ranges for seeking), downloaded, deleted (soft) and its plays counted.
 * The Studio's use case (readings.service) makes it and history (history.service) keeps it;
 * rehearsal's reader tracks are readings too (docs/decisions/190-urls-match-folders.md).
 *
 * POST answers audio/mpeg, chunked, as the engine makes it, with the new reading's id in
 * X-Generation-Id (decision 041). Errors before the first byte use the one JSON error shape.
 */
export function readingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // docs/glossary.md#S9: 10 readings a minute per user.
    const limiter = rateLimiter(app, 'studioReading');
    const castLimiter = rateLimiter(app, 'sceneCast');
    app.post(
      '/readings',
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

        const generation = await startReading(ctx, {
          user,
          input,
          idempotencyKey: typeof header === 'string' ? header : undefined,
          requestId: request.id,
          signal: abortWhenClientLeaves(reply),
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
    app.post(
      '/readings/cast',
      {
        onRequest: signedInOnly(ctx.auth, STUDIO_TEXTS.signInRequired),
        schema: {
          description:
            'Whether the text is a script (the import reads it) and a suggested voice for each character and the narrator (decision 281). Nothing is made or charged.',
          body: sceneCastInputSchema,
          response: { 200: sceneCastSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request, STUDIO_TEXTS.signInRequired);
        await castLimiter.hit(request, `user:${user.id}`);
        reply.header('cache-control', 'no-store');
        return suggestSceneCast(ctx, { user, text: request.body.text });
      },
    );
    const signedIn = signedInOnly(ctx.auth);
    const byId = {
      params: idParams,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    };

    app.get(
      '/readings',
      {
        onRequest: signedIn,
        schema: {
          querystring: listQuery,
          response: { 200: readingListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply): Promise<ReadingList> => {
        const user = signedInUser(request);
        reply.header('cache-control', 'no-store');
        return {
          generations: await listReadings(ctx, { userId: user.id, limit: request.query.limit }),
        };
      },
    );

    app.get(
      '/readings/:id/audio',
      {
        onRequest: signedIn,
        schema: {
          params: idParams,
          querystring: audioQuery,
          response: {
            200: mp3Response('The whole reading'),
            206: mp3Response('The asked byte range'),
            302: emptyResponse('A download sent straight from the store (presigned address)'),
            416: emptyResponse('The range lies outside the file'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const { id } = request.params;
        const { download } = request.query;
        const row = await getReadableReading(ctx, { id, user });
        const stat = await ctx.storage.stat(row.audio_key);
        if (!stat) throw new AppError('not-found', 'Recording not found');
        const name = download
          ? downloadFileName({
              date: new Date(row.created_at),
              voiceName: row.voice_name,
              text: row.text,
            })
          : null;
        // A store that presigns (S3_PRESIGNED_DOWNLOAD_SECONDS) sends downloads straight from the
        // bucket for a short while; the owner check above already ran.
        if (name && ctx.storage.downloadUrl) {
          const url = await ctx.storage.downloadUrl(row.audio_key, { fileName: name });
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        }
        const size = stat.size;
        reply
          .header('content-type', 'audio/mpeg')
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'private, max-age=3600');
        if (name) reply.header('content-disposition', `attachment; filename="${name}"`);
        const range = parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          return reply.status(416).header('content-range', `bytes */${size}`).send();
        }
        const audio = await ctx.storage.read(row.audio_key, range ?? undefined);
        if (!audio) throw new AppError('not-found', 'Recording not found');
        if (!range) return reply.header('content-length', String(size)).send(audio.stream);
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(audio.stream);
      },
    );

    app.delete('/readings/:id', { onRequest: signedIn, schema: byId }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      await deleteReading(ctx, { id: request.params.id, userId: user.id });
      return reply.status(204).send(null);
    });

    app.post(
      '/readings/:id/plays',
      { onRequest: signedIn, schema: byId },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await recordPlay(ctx, { id: request.params.id, user });
        return reply.status(204).send(null);
      },
    );
  };
}
