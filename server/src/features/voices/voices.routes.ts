import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREVIEW_GREETING, voiceListSchema, type VoiceList } from '@doublecast/common/voices';
import { voiceDirectionsSchema } from '@doublecast/common/direction';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { emptyResponse, errorResponses, mp3Response, serialisedJson } from '../../http/openapi';
import { rateLimiter } from '../../http/rate-limit';
import { DEFAULT_SYNTHESIS_SETTINGS } from '@doublecast/common/studio';
import type { SynthesisService } from './synthesis.service';
import {
  engineOfRow,
  featuredVoicesJson,
  listAvailableVoices,
  resolveVoiceForUse,
} from './voices.service';
import { parseRange } from '../../http/byte-range';

const previewParamsSchema = z.object({ id: z.string().min(1).max(100) });
const previewQuerySchema = z.object({
  fresh: z.enum(['0', '1']).optional(),
  v: z.string().max(40).optional(),
});

export function voicesRoutes(
  ctx: AppContext,
  deps: { synthesis: SynthesisService },
): FastifyPluginAsyncZod {
  return async (app) => {
    // A fresh preview is made at most once per voice per 10 minutes, whoever asks.
    const freshLimiter = rateLimiter(app, 'freshPreview');

    /** The public catalogue. */
    // The answer is JSON made once a minute (voices.service), sent as text: the schema describes
    // it, and the voices test checks the text against it.
    app.get(
      '/voices/featured',
      { schema: { response: { 200: voiceListSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8');
        return reply.send(serialisedJson<VoiceList>(await featuredVoicesJson(ctx)));
      },
    );

    /** What the signed-in user may use. */
    app.get(
      '/voices',
      { schema: { response: { 200: voiceListSchema, ...errorResponses(401) } } },
      async (request, reply): Promise<VoiceList> => {
        const user = await requireUser(ctx.auth, request);
        reply.header('cache-control', 'private, no-store');
        return { voices: await listAvailableVoices(ctx, { userId: user.id }) };
      },
    );

    /**
     * The directions this voice's engine acts on, for a line's menu (decision 321). Another
     * user's voice, or one the user may not use, is not found.
     */
    app.get(
      '/voices/:id/directions',
      {
        schema: {
          params: previewParamsSchema,
          response: { 200: voiceDirectionsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx.auth, request);
        const row = await resolveVoiceForUse(ctx, { voiceId: request.params.id, userId: user.id });
        reply.header('cache-control', 'private, no-store');
        return { directions: [...(engineOfRow(ctx, row).directions ?? [])] };
      },
    );

    /**
     * A voice's preview: made once from the fixed greeting and stored (the synthesis cache), then
     * served with caching headers. ?fresh=1 (the page asks when a stored preview failed to play)
     * makes it again.
     */
    app.get(
      '/voices/:id/preview',
      {
        schema: {
          params: previewParamsSchema,
          querystring: previewQuerySchema,
          response: {
            200: mp3Response('The preview greeting in this voice'),
            206: mp3Response('The asked byte range'),
            304: emptyResponse('The stored preview has not changed (If-None-Match)'),
            416: emptyResponse('The range lies outside the file'),
            ...errorResponses(400, 404, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { fresh } = request.query;
        const user = await ctx.auth.getSessionUser(request);
        const row = await resolveVoiceForUse(ctx, { voiceId: id, userId: user?.id ?? null });
        const key = deps.synthesis.cacheKey({
          owner: null,
          providerVoiceId: row.provider_voice_id,
          text: PREVIEW_GREETING,
          settings: DEFAULT_SYNTHESIS_SETTINGS,
        });
        const etag = `"${key.slice(0, 32)}"`;
        const cacheControl = row.featured ? 'public, max-age=86400' : 'private, max-age=86400';
        if (fresh !== '1' && request.headers['if-none-match'] === etag) {
          return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
        }
        if (fresh === '1' && (await freshLimiter.take(request, `voice:${row.id}`)))
          await deps.synthesis.forget(key);
        // A preview is one short sentence: it is made in full first, so that every answer is a
        // plain file with a length and byte ranges (Safari plays media only with them).
        // Held open: a fresh preview made meanwhile replaces the file without breaking this read.
        let stored = await deps.synthesis.openStored(key);
        let made: Buffer | null = null;
        if (!stored) {
          const result = await deps.synthesis.synthesize({
            text: PREVIEW_GREETING,
            voiceId: row.id,
            settings: DEFAULT_SYNTHESIS_SETTINGS,
            userId: user?.id ?? null,
            requestId: request.id,
            shared: true,
          });
          const chunks: Buffer[] = [];
          for await (const chunk of result.audio) chunks.push(chunk as Buffer);
          await result.done;
          made = Buffer.concat(chunks);
          stored = await deps.synthesis.openStored(key);
        }
        reply
          .header('content-type', 'audio/mpeg')
          .header('cache-control', fresh === '1' ? 'no-store' : cacheControl)
          .header('etag', etag);
        if (!stored) {
          // Not stored (the disk refused it): answer what was made.
          return reply.header('content-length', String(made!.length)).send(made);
        }
        const { size } = stored;
        reply.header('accept-ranges', 'bytes');
        const range = parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          await stored.close();
          return reply.code(416).header('content-range', `bytes */${size}`).send();
        }
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
            .header('content-length', String(range.end - range.start + 1))
            .send(stored.read(range));
        }
        return reply.header('content-length', String(size)).send(stored.read());
      },
    );
  };
}
