import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  scriptArchiveInputSchema,
  scriptImportInputSchema,
  scriptInputSchema,
  scriptListQuerySchema,
} from '@doublecast/common/scripts';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { rateLimiter } from '../../http/rate-limit';
import {
  createScript,
  getScript,
  importScript,
  listUserScripts,
  removeScript,
  saveScript,
  setScriptArchived,
} from './scripts.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function scriptsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const importLimiter = rateLimiter(app, 'scriptImport');
    app.get('/scripts', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const query = scriptListQuerySchema.parse(request.query ?? {});
      return listUserScripts(ctx, {
        userId: user.id,
        search: query.search,
        includeArchived: query.archived === 'true',
        limit: query.limit,
        cursor: query.cursor,
      });
    });

    app.post('/scripts', { bodyLimit: 2 * 1024 * 1024 }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const input = scriptInputSchema.parse(request.body ?? {});
      return reply.status(201).send(await createScript(ctx, { userId: user.id, input }));
    });

    // base64 of the 2 MB cap plus JSON; anything larger is refused before it is read.
    app.post('/scripts/import', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const input = scriptImportInputSchema.parse(request.body ?? {});
      await importLimiter.hit(request, `user:${user.id}`);
      return reply.status(201).send(await importScript(ctx, { userId: user.id, ...input }));
    });

    app.get('/scripts/:id', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      return getScript(ctx, { userId: user.id, id });
    });

    app.put('/scripts/:id', { bodyLimit: 2 * 1024 * 1024 }, async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      const input = scriptInputSchema.parse(request.body ?? {});
      return saveScript(ctx, { userId: user.id, id, input });
    });

    app.patch('/scripts/:id/archive', async (request) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      const { isArchived } = scriptArchiveInputSchema.parse(request.body ?? {});
      return setScriptArchived(ctx, { userId: user.id, id, isArchived });
    });

    app.delete('/scripts/:id', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      const { id } = idParams.parse(request.params);
      await removeScript(ctx, { userId: user.id, id });
      return reply.status(204).send();
    });
  };
}
