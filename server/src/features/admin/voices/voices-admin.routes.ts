import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminVoiceListSchema,
  bulkVoicePermissionsInputSchema,
  bulkVoicePermissionsResultSchema,
  featuredVoicesResultSchema,
  importVoicesResultSchema,
  setFeaturedVoicesInputSchema,
  setVoiceCategoryInputSchema,
  updateEnabledVoicesInputSchema,
  updateVoiceNamesInputSchema,
  updateVoicePermissionsInputSchema,
  userVoicePermissionsSchema,
  voiceNamesResultSchema,
  voicePermissionsPageSchema,
  voicePermissionsQuerySchema,
} from '@doublecast/common/voices';
import type { AppContext } from '../../../app-context';
import { adminOnly } from '../../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../../http/openapi';
import {
  getUserVoicePermissions,
  importVoices,
  listAllVoices,
  listVoicePermissions,
  providerName,
  setVoiceCategory,
  setVoicesFeatured,
  updateAllUsersVoicePermissions,
  updateEnabledVoices,
  updateUserVoicePermissions,
  updateVoiceNames,
} from './voices-admin.service';

const voiceParams = z.object({ id: z.string().min(1).max(100) });
const userParams = z.object({ userId: z.string().min(1).max(100) });
const read = errorResponses(400, 401, 403);
const write = errorResponses(400, 401, 403, 404);

/**
 * The admin's voice operations (Voice Management, Voice Permissions, Featured Voices). Every
 * route checks the admin role on the server before reading its input, whatever the page shows,
 * and every change is written to admin_logs in the change's own transaction.
 */
export function voicesAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Admins only, checked before any input is read; nothing here is cached (auth-guard.ts).
    const adminOf = adminOnly(app, ctx.auth);

    app.get(
      '/admin/voices',
      { schema: { response: { 200: adminVoiceListSchema, ...read } } },
      async () => ({ voices: await listAllVoices(ctx), provider: providerName(ctx) }),
    );

    app.post(
      '/admin/voices/import',
      { schema: { response: { 200: importVoicesResultSchema, ...read } } },
      async (request) => importVoices(ctx, { admin: adminOf(request) }),
    );

    app.put(
      '/admin/voices/names',
      {
        schema: {
          body: updateVoiceNamesInputSchema,
          response: { 200: voiceNamesResultSchema, ...read },
        },
      },
      async (request) => updateVoiceNames(ctx, { admin: adminOf(request), ...request.body }),
    );

    app.put(
      '/admin/voices/enabled',
      {
        schema: {
          body: updateEnabledVoicesInputSchema,
          response: { 204: noContentSchema, ...read },
        },
      },
      async (request, reply) => {
        await updateEnabledVoices(ctx, { admin: adminOf(request), ...request.body });
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/admin/voices/featured',
      {
        schema: {
          body: setFeaturedVoicesInputSchema,
          response: { 200: featuredVoicesResultSchema, ...read },
        },
      },
      async (request) => setVoicesFeatured(ctx, { admin: adminOf(request), ...request.body }),
    );

    app.put(
      '/admin/voices/:id/category',
      {
        schema: {
          params: voiceParams,
          body: setVoiceCategoryInputSchema,
          response: { 204: noContentSchema, ...write },
        },
      },
      async (request, reply) => {
        await setVoiceCategory(ctx, {
          admin: adminOf(request),
          voiceId: request.params.id,
          category: request.body.category,
        });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/admin/voice-permissions',
      {
        schema: {
          querystring: voicePermissionsQuerySchema,
          response: { 200: voicePermissionsPageSchema, ...read },
        },
      },
      async (request) => listVoicePermissions(ctx, request.query),
    );

    app.put(
      '/admin/voice-permissions',
      {
        schema: {
          body: bulkVoicePermissionsInputSchema,
          response: { 200: bulkVoicePermissionsResultSchema, ...read },
        },
      },
      async (request) =>
        updateAllUsersVoicePermissions(ctx, { admin: adminOf(request), ...request.body }),
    );

    app.get(
      '/admin/voice-permissions/:userId',
      { schema: { params: userParams, response: { 200: userVoicePermissionsSchema, ...write } } },
      async (request) => getUserVoicePermissions(ctx, request.params.userId),
    );

    app.put(
      '/admin/voice-permissions/:userId',
      {
        schema: {
          params: userParams,
          body: updateVoicePermissionsInputSchema,
          response: { 200: userVoicePermissionsSchema, ...write },
        },
      },
      async (request) =>
        updateUserVoicePermissions(ctx, {
          admin: adminOf(request),
          userId: request.params.userId,
          ...request.body,
        }),
    );
  };
}
