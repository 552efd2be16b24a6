import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { answerRestarting } from '../../http/errors';
import { pingDatabase } from './health.repository';

const okSchema = z.object({ ok: z.literal(true) });
// While the server shuts down, app.ts's onRequest hook answers every request, /readyz too,
// with 503 and the one error shape (code 'unavailable') before the route runs; a probe that
// was already past that hook when shutting down began gets the same answer after its ping.
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
        } catch {
          return reply.status(503).send({ ok: false, reason: 'database unavailable' });
        }
        // Shutting down may have begun while the database answered: never ready then.
        if (ctx.lifecycle.closing) return answerRestarting(reply);
        return { ok: true as const };
      },
    );
  };
}
