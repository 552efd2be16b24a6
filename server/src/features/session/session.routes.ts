import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema, type SessionResponse } from '@doublecast/common/auth';
import type { AppContext } from '../../app-context';

/** Who is calling, for the web app's header and route guards. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/session',
      { schema: { response: { 200: sessionResponseSchema } } },
      async (request, reply): Promise<SessionResponse> => {
        reply.header('cache-control', 'no-store');
        const user = await ctx.auth.getSessionUser(request);
        return { user: user ? { id: user.id, email: user.email, role: user.role } : null };
      },
    );
  };
}
