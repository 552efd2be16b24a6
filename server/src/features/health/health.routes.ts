import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ ok: true }));
    app.get('/readyz', async (_request, reply) => {
      if (ctx.lifecycle.closing)
        return reply.status(503).send({ ok: false, reason: 'shutting down' });
      try {
        await sql`select 1`.execute(ctx.db.kysely);
        return { ok: true };
      } catch {
        return reply.status(503).send({ ok: false, reason: 'database unavailable' });
      }
    });
  };
}
