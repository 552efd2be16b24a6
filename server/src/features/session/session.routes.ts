import type { FastifyPluginAsync } from 'fastify';
import type { SessionResponse } from '@doublecast/common/auth';
import type { AppContext } from '../../app-context';

/** Who is calling, for the web app's header and route guards. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/session', async (request, reply): Promise<SessionResponse> => {
      reply.header('cache-control', 'no-store');
      const user = await ctx.auth.getSessionUser(request);
      return { user: user ? { id: user.id, email: user.email, role: user.role } : null };
    });
  };
}
