import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  adminLogQuerySchema,
  adminReauthInputSchema,
  diagnosticsTestRecordingsInputSchema,
  diagnosticsUserInputSchema,
  diagnosticsUserRecordInputSchema,
  adminOverrideInputSchema,
  adminUserListQuerySchema,
} from '@doublecast/common/admin';
import type { AppContext } from '../../app-context';
import { createFailureCounter } from '../auth/failure-counter';
import { reauthenticate } from '../auth/auth.service';
import { requireRecentAuth } from './admin-reauth';
import {
  createMissingUserRecord,
  createTestRecordings,
  touchLastSignIn,
} from './admin-diagnostics.service';
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
  // S9's account limit for password guesses applies to re-authentication too.
  const reauthFailures = createFailureCounter({ limit: 20, windowMs: 3600_000, clock: ctx.clock });
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
      requireRecentAuth(ctx.clock, admin);
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
      requireRecentAuth(ctx.clock, admin);
      return setUserOverride(ctx, { admin, userId: id, ...input });
    });

    app.delete('/admin/users/:id/override', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = userParams.parse(request.params);
      requireRecentAuth(ctx.clock, admin);
      return revokeUserOverride(ctx, { admin, userId: id });
    });

    app.post('/admin/reauthenticate', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { password } = adminReauthInputSchema.parse(request.body ?? {});
      const key = `admin:${admin.id}`;
      reauthFailures.check(key, 'Too many attempts. Please try again later.');
      try {
        await reauthenticate(ctx, { user: admin, password });
      } catch (e) {
        reauthFailures.fail(key);
        throw e;
      }
      return reply.status(204).send();
    });

    app.post('/admin/diagnostics/user-record', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { email } = diagnosticsUserRecordInputSchema.parse(request.body ?? {});
      return reply.status(201).send(await createMissingUserRecord(ctx, { admin, email }));
    });

    app.post('/admin/diagnostics/last-sign-in', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { userId } = diagnosticsUserInputSchema.parse(request.body ?? {});
      return touchLastSignIn(ctx, { admin, userId });
    });

    app.post('/admin/diagnostics/test-recordings', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const input = diagnosticsTestRecordingsInputSchema.parse(request.body ?? {});
      return reply.status(201).send(await createTestRecordings(ctx, { admin, ...input }));
    });

    app.get('/admin/logs', async (request) => {
      await requireAdmin(ctx.auth, request);
      return listAdminLog(ctx, adminLogQuerySchema.parse(request.query ?? {}));
    });
  };
}
