import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';

/** The plan data the web app renders every price from (configurable, see env.ts). */
export function planRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/plans', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { config: ctx.plans };
    });
  };
}
