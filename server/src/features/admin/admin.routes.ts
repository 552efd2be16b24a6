import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  adminLogQuerySchema,
  adminOverrideInputSchema,
  adminUserListQuerySchema,
} from '@doublecast/common/admin';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../http/auth-guard';
import { sendMessageInputSchema } from '@doublecast/common/messages';
import { getAdminDashboard } from './admin.service';
import { exportFileName, exportUsersCsv } from './admin-export.service';
import { sendAdminMessage } from '../messages/messages.service';
import {
  getUserDetailsForAdmin,
  listAdminLog,
  listUsersForAdmin,
  revokeUserOverride,
  setUserOverride,
} from './admin-users.service';

const userParams = z.object({ id: z.string().min(1).max(64) });

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Nothing an admin reads here may sit in a shared or browser cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get('/admin/dashboard', async (request) => {
      await requireAdmin(ctx.auth, request);
      return getAdminDashboard(ctx);
    });

    app.get('/admin/users', async (request) => {
      await requireAdmin(ctx.auth, request);
      return listUsersForAdmin(ctx, adminUserListQuerySchema.parse(request.query ?? {}));
    });

    // Before /admin/users/:id, so "export.csv" is never read as a user id.
    app.get('/admin/users/export.csv', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const query = adminUserListQuerySchema.parse(request.query ?? {});
      const stream = await exportUsersCsv(ctx, { admin, query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(ctx.clock.now())}"`)
        .send(stream);
    });

    app.post('/admin/users/:id/messages', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = userParams.parse(request.params);
      const input = sendMessageInputSchema.parse(request.body ?? {});
      const sent = await sendAdminMessage(ctx, { admin, userId: id, input });
      return reply.status(201).send(sent);
    });

    app.get('/admin/users/:id', async (request) => {
      await requireAdmin(ctx.auth, request);
      return getUserDetailsForAdmin(ctx, userParams.parse(request.params).id);
    });

    app.put('/admin/users/:id/override', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = userParams.parse(request.params);
      const input = adminOverrideInputSchema.parse(request.body ?? {});
      return setUserOverride(ctx, { admin, userId: id, ...input });
    });

    app.delete('/admin/users/:id/override', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = userParams.parse(request.params);
      return revokeUserOverride(ctx, { admin, userId: id });
    });

    app.get('/admin/logs', async (request) => {
      await requireAdmin(ctx.auth, request);
      return listAdminLog(ctx, adminLogQuerySchema.parse(request.query ?? {}));
    });
  };
}
