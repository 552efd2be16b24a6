import type { FastifyPluginAsync } from 'fastify';
import { preferencesUpdateSchema, type Preferences } from '@doublecast/common/studio';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { getPreferences, savePreferences } from './preferences.service';

export function preferencesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/preferences', async (request, reply): Promise<Preferences> => {
      const user = await requireUser(ctx.auth, request);
      reply.header('cache-control', 'no-store');
      return getPreferences(ctx, { userId: user.id });
    });
    app.patch('/preferences', { bodyLimit: 16 * 1024 }, async (request): Promise<Preferences> => {
      const user = await requireUser(ctx.auth, request);
      const update = preferencesUpdateSchema.parse(request.body ?? {});
      return savePreferences(ctx, { userId: user.id, update });
    });
  };
}
