import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadFileName } from '@doublecast/common/download-name';
import {
  HISTORY_FETCH_DEFAULT,
  readingListSchema,
  type ReadingList,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { emptyResponse, errorResponses, mp3Response, noContentSchema } from '../../http/openapi';
import { AppError } from '../../lib/app-error';
import { parseRange } from '../../http/byte-range';
import {
  deleteGeneration,
  getReadableGeneration,
  listGenerations,
  recordPlay,
} from './history.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(HISTORY_FETCH_DEFAULT),
});
const audioQuery = z.object({ download: z.enum(['1', 'true']).optional() });

/** "Your Voice History": list, audio (with byte ranges for seeking), soft delete, play events. */
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = signedInOnly(ctx.auth);
    const byId = {
      params: idParams,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    };

    app.get(
      '/studio/generations',
      {
        onRequest: signedIn,
        schema: {
          querystring: listQuery,
          response: { 200: readingListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply): Promise<ReadingList> => {
        const user = await requireUser(ctx.auth, request);
        reply.header('cache-control', 'no-store');
        return {
          generations: await listGenerations(ctx, { userId: user.id, limit: request.query.limit }),
        };
      },
    );

    app.get(
      '/studio/generations/:id/audio',
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
        const row = await getReadableGeneration(ctx, { id, user });
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

    app.delete(
      '/studio/generations/:id',
      { onRequest: signedIn, schema: byId },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await deleteGeneration(ctx, { id: request.params.id, userId: user.id });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/studio/generations/:id/plays',
      { onRequest: signedIn, schema: byId },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        await recordPlay(ctx, { id: request.params.id, user });
        return reply.status(204).send(null);
      },
    );
  };
}
