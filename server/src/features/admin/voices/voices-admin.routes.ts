import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  setFeaturedVoicesInputSchema,
  setVoiceCategoryInputSchema,
  updateEnabledVoicesInputSchema,
  updateVoiceNamesInputSchema,
  updateVoicePermissionsInputSchema,
} from '@doublecast/common/voices';
import type { AppContext } from '../../../app-context';
import { requireAdmin } from '../../../http/auth-guard';
import {
  getAllVoicePermissions,
  importVoices,
  listAllVoices,
  setVoiceCategory,
  setVoicesFeatured,
  updateEnabledVoices,
  updateUserVoicePermissions,
  updateVoiceNames,
} from '../../voices/voices.service';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
const userParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/**
 * The admin's voice operations (Voice Management, Voice Permissions, Featured Voices). Every
 * route checks the admin role on the server, whatever the page shows.
 */
export function voicesAdminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', async (request, reply) => {
      await requireAdmin(ctx.auth, request);
      reply.header('cache-control', 'private, no-store');
    });

    app.get('/admin/voices', async () => ({ voices: await listAllVoices(ctx) }));

    app.post('/admin/voices/import', async () => importVoices(ctx));

    app.put('/admin/voices/names', async (request) => {
      const input = updateVoiceNamesInputSchema.parse(request.body);
      await updateVoiceNames(ctx, input);
      return { ok: true };
    });

    app.put('/admin/voices/enabled', async (request) => {
      const input = updateEnabledVoicesInputSchema.parse(request.body);
      await updateEnabledVoices(ctx, input);
      return { ok: true };
    });

    app.put('/admin/voices/featured', async (request) =>
      setVoicesFeatured(ctx, setFeaturedVoicesInputSchema.parse(request.body)),
    );

    app.put('/admin/voices/:id/category', async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      await setVoiceCategory(ctx, {
        voiceId: id,
        ...setVoiceCategoryInputSchema.parse(request.body),
      });
      return { ok: true };
    });

    app.get('/admin/voice-permissions', async () => ({
      permissions: await getAllVoicePermissions(ctx),
    }));

    app.put('/admin/voice-permissions/:userId', async (request) => {
      const { userId } = userParamsSchema.parse(request.params);
      return updateUserVoicePermissions(ctx, {
        userId,
        ...updateVoicePermissionsInputSchema.parse(request.body),
      });
    });
  };
}
