import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { pingDatabase } from './health.repository';

const okSchema = z.object({ ok: z.literal(true) });
// While the server shuts down, app.ts's onRequest hook answers every request, /readyz too,
// with 503 and the one error shape (code 'unavailable') before the route runs.
const notReadySchema = z.union([
  z.object({ ok: z.literal(false), reason: z.string() }),
  z.object({ error: z.object({ code: z.literal('unavailable'), message: z.string() }) }),
]);

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { response: { 200: okSchema } } }, async () => ({
      ok: true as const,
    }));
    app.get(
      '/readyz',
      { schema: { response: { 200: okSchema, 503: notReadySchema } } },
      async (_request, reply) => {
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
