import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  preferencesSchema,
  preferencesUpdateSchema,
  type Preferences,
} from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { requireUser, signedInOnly } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { getPreferences, savePreferences } from './preferences.service';

export function preferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/preferences',
      { schema: { response: { 200: preferencesSchema, ...errorResponses(401) } } },
      async (request, reply): Promise<Preferences> => {
        const user = await requireUser(ctx.auth, request);
        reply.header('cache-control', 'no-store');
        return getPreferences(ctx, { userId: user.id });
      },
    );
    app.patch(
      '/preferences',
      {
        bodyLimit: 16 * 1024,
        onRequest: signedInOnly(ctx.auth),
        schema: {
          body: preferencesUpdateSchema,
          response: { 200: preferencesSchema, ...errorResponses(400, 401) },
        },
      },
      async (request): Promise<Preferences> => {
        const user = await requireUser(ctx.auth, request);
        return savePreferences(ctx, { userId: user.id, update: request.body });
      },
    );
  };
}
