import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../http/auth-guard';
import { getAdminDashboard } from './admin.service';

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/admin/dashboard', async (request, reply) => {
      await requireAdmin(ctx.auth, request);
      reply.header('cache-control', 'private, no-store');
      return getAdminDashboard(ctx);
    });
  };
}
