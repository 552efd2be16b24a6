import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardSchema,
  adminLogListSchema,
  adminLogQuerySchema,
  adminOverrideInputSchema,
  adminReauthInputSchema,
  adminUserDetailsSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserRowSchema,
  diagnosticsResultSchema,
  diagnosticsTestRecordingsInputSchema,
  diagnosticsUserInputSchema,
  diagnosticsUserRecordInputSchema,
} from '@doublecast/common/admin';
import { messageSchema, sendMessageInputSchema } from '@doublecast/common/messages';
import type { AppContext } from '../../app-context';
import { adminOnly } from '../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../http/openapi';
import { createStoredFailureCounter, reauthenticate } from '../auth';
import { sendAdminMessage } from '../messages';
import { getAdminDashboard } from './admin.service';
import {
  createMissingUserRecord,
  createTestRecordings,
  touchLastSignIn,
} from './admin-diagnostics.service';
import { exportFileName, exportUsersCsv } from './admin-export.service';
import { requireRecentAuth } from './admin-reauth';
import {
  getUserDetailsForAdmin,
  listAdminLog,
  listUsersForAdmin,
  revokeUserOverride,
  setUserOverride,
} from './admin-users.service';

const userParams = z.object({ id: z.string().min(1).max(64) });
const read = errorResponses(400, 401, 403);
const write = errorResponses(400, 401, 403, 404);

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The account limit on password guesses (docs/glossary.md#S9) applies to re-authentication too,
  // counted in the database so it holds across server processes (decision 172).
  const reauthFailures = createStoredFailureCounter({
    db: ctx.db.kysely,
    limit: 20,
    windowMs: 3600_000,
    clock: ctx.clock,
  });
  return async (app) => {
    // Admins only, checked before any input is read; nothing here is cached (auth-guard.ts).
    const adminOf = adminOnly(app, ctx.auth);

    app.get(
      '/admin/dashboard',
      { schema: { response: { 200: adminDashboardSchema, ...read } } },
      async () => getAdminDashboard(ctx),
    );

    app.get(
      '/admin/users',
      {
        schema: {
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserListSchema, ...read },
        },
      },
      async (request) => listUsersForAdmin(ctx, request.query),
    );

    // Before /admin/users/:id, so "export.csv" is never read as a user id. Streamed CSV.
    app.get(
      '/admin/users/export.csv',
      {
        schema: {
          querystring: adminUserListQuerySchema,
          response: { 200: z.unknown().describe('text/csv, streamed'), ...read },
        },
      },
      async (request, reply) => {
        const admin = adminOf(request);
        requireRecentAuth(ctx.clock, admin);
        const stream = await exportUsersCsv(ctx, { admin, query: request.query });
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileName(ctx.clock.now())}"`,
          )
          .send(stream);
      },
    );

    app.post(
      '/admin/users/:id/messages',
      {
        schema: {
          params: userParams,
          body: sendMessageInputSchema,
          response: { 201: z.object({ message: messageSchema, email: z.string() }), ...write },
        },
      },
      async (request, reply) => {
        const sent = await sendAdminMessage(ctx, {
          admin: adminOf(request),
          userId: request.params.id,
          input: request.body,
        });
        return reply.status(201).send(sent);
      },
    );

    app.get(
      '/admin/users/:id',
      { schema: { params: userParams, response: { 200: adminUserDetailsSchema, ...write } } },
      async (request) => getUserDetailsForAdmin(ctx, request.params.id),
    );

    app.put(
      '/admin/users/:id/override',
      {
        schema: {
          params: userParams,
          body: adminOverrideInputSchema,
          response: { 200: adminUserRowSchema, ...write },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        requireRecentAuth(ctx.clock, admin);
        return setUserOverride(ctx, { admin, userId: request.params.id, ...request.body });
      },
    );

    app.delete(
      '/admin/users/:id/override',
      { schema: { params: userParams, response: { 200: adminUserRowSchema, ...write } } },
      async (request) => {
        const admin = adminOf(request);
        requireRecentAuth(ctx.clock, admin);
        return revokeUserOverride(ctx, { admin, userId: request.params.id });
      },
    );

    app.post(
      '/admin/reauthenticate',
      {
        schema: {
          body: adminReauthInputSchema,
          response: { 204: noContentSchema, ...read, ...errorResponses(429) },
        },
      },
      async (request, reply) => {
        const admin = adminOf(request);
        const key = `admin:${admin.id}`;
        await reauthFailures.check(key, 'Too many attempts. Please try again later.');
        try {
          await reauthenticate(ctx, { user: admin, password: request.body.password });
        } catch (e) {
          await reauthFailures.fail(key);
          throw e;
        }
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/admin/diagnostics/user-record',
      {
        schema: {
          body: diagnosticsUserRecordInputSchema,
          response: { 201: diagnosticsResultSchema, ...read },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createMissingUserRecord(ctx, { admin: adminOf(request), ...request.body })),
    );

    app.post(
      '/admin/diagnostics/last-sign-in',
      {
        schema: {
          body: diagnosticsUserInputSchema,
          response: { 200: diagnosticsResultSchema, ...write },
        },
      },
      async (request) => touchLastSignIn(ctx, { admin: adminOf(request), ...request.body }),
    );

    app.post(
      '/admin/diagnostics/test-recordings',
      {
        schema: {
          body: diagnosticsTestRecordingsInputSchema,
          response: { 201: diagnosticsResultSchema, ...write },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createTestRecordings(ctx, { admin: adminOf(request), ...request.body })),
    );

    app.get(
      '/admin/logs',
      {
        schema: {
          querystring: adminLogQuerySchema,
          response: { 200: adminLogListSchema, ...read },
        },
      },
      async (request) => listAdminLog(ctx, request.query),
    );
  };
}
