import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { pingDatabase } from './health.repository';

const okSchema = z.object({ ok: z.literal(true) });
const notReadySchema = z.object({ ok: z.literal(false), reason: z.string() });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { response: { 200: okSchema } } }, async () => ({
      ok: true as const,
    }));
    app.get(
      '/readyz',
      { schema: { response: { 200: okSchema, 503: notReadySchema } } },
      async (_request, reply) => {
        if (ctx.lifecycle.closing)
          return reply.status(503).send({ ok: false, reason: 'shutting down' });
        try {
          await pingDatabase(ctx.db.kysely);
          return { ok: true as const };
        } catch {
          return reply.status(503).send({ ok: false, reason: 'database unavailable' });
        }
      },
    );
  };
}
