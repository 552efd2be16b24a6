import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../http/auth-guard';
import { getInbox, getUnreadCount, readMessage, removeMessage } from './messages.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The signed-in user's inbox of admin messages (decisions.md: an inbox with unread count). */
export function messagesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get('/messages', async (request) => {
      const user = await requireUser(ctx.auth, request);
      return getInbox(ctx, user.id);
    });

    app.get('/messages/unread-count', async (request) => {
      const user = await requireUser(ctx.auth, request);
      return { unreadCount: await getUnreadCount(ctx, user.id) };
    });

    app.post('/messages/:id/read', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      await readMessage(ctx, user.id, idParams.parse(request.params).id);
      return reply.status(204).send();
    });

    app.delete('/messages/:id', async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      await removeMessage(ctx, user.id, idParams.parse(request.params).id);
      return reply.status(204).send();
    });
  };
}
