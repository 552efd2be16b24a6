import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  landingSchema,
  sessionResponseSchema,
  type Landing,
  type SessionResponse,
} from '@doublecast/common/auth';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { isPaidUser } from '../billing';

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

    /**
     * Where sign-in leads when no page asked for another (decision 270): free users
     * try the product in rehearsal, paid users and admins work in the Studio.
     */
    app.get(
      '/session/landing',
      {
        onRequest: signedInOnly(ctx.auth),
        schema: { response: { 200: landingSchema, ...errorResponses(401) } },
      },
      async (request, reply): Promise<Landing> => {
        reply.header('cache-control', 'no-store');
        const user = await requireUser(ctx.auth, request);
        return { path: (await isPaidUser(ctx, user.id)) ? '/studio' : '/practice' };
      },
    );
  };
}
