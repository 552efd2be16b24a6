import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxSchema, unreadCountSchema } from '@doublecast/common/messages';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../http/openapi';
import { getInbox, getUnreadCount, readMessage, removeMessage } from './messages.service';

const idParams = z.object({ id: z.string().min(1).max(64) });
const byId = {
  params: idParams,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
};

/** The signed-in user's inbox of admin messages (docs/glossary.md#messages). */
export function messagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/messages',
      { schema: { response: { 200: inboxSchema, ...errorResponses(401) } } },
      async (request) => getInbox(ctx, (await requireUser(ctx.auth, request)).id),
    );

    app.get(
      '/messages/unread-count',
      { schema: { response: { 200: unreadCountSchema, ...errorResponses(401) } } },
      async (request) => {
        const user = await requireUser(ctx.auth, request);
        return { unreadCount: await getUnreadCount(ctx, user.id) };
      },
    );

    app.post('/messages/:id/read', { schema: byId }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      await readMessage(ctx, user.id, request.params.id);
      return reply.status(204).send(null);
    });

    app.delete('/messages/:id', { schema: byId }, async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      await removeMessage(ctx, user.id, request.params.id);
      return reply.status(204).send(null);
    });
  };
}
