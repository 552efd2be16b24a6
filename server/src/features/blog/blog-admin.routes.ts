import type { FastifyPluginAsync } from 'fastify';
import {
  blogAdminListQuerySchema,
  blogPostIdParamsSchema,
  blogPostInputSchema,
  blogPublishInputSchema,
} from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../http/auth-guard';
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPostForAdmin,
  listBlogPostsForAdmin,
  setBlogPostPublishedByAdmin,
  updateBlogPost,
} from './blog-admin.service';

/** The blog manager and editor (admins only, checked here on every request). */
export function blogAdminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Drafts included: nothing here may sit in a shared or browser cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get('/admin/blog/posts', async (request) => {
      await requireAdmin(ctx.auth, request);
      const { page } = blogAdminListQuerySchema.parse(request.query ?? {});
      return listBlogPostsForAdmin(ctx, { page });
    });

    app.get('/admin/blog/posts/:id', async (request) => {
      await requireAdmin(ctx.auth, request);
      return getBlogPostForAdmin(ctx, blogPostIdParamsSchema.parse(request.params).id);
    });

    app.post('/admin/blog/posts', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const input = blogPostInputSchema.parse(request.body ?? {});
      return reply.status(201).send(await createBlogPost(ctx, { admin, input }));
    });

    app.put('/admin/blog/posts/:id', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = blogPostIdParamsSchema.parse(request.params);
      const input = blogPostInputSchema.parse(request.body ?? {});
      return updateBlogPost(ctx, { admin, id, input });
    });

    app.put('/admin/blog/posts/:id/published', async (request) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = blogPostIdParamsSchema.parse(request.params);
      const { published } = blogPublishInputSchema.parse(request.body ?? {});
      return setBlogPostPublishedByAdmin(ctx, { admin, id, published });
    });

    app.delete('/admin/blog/posts/:id', async (request, reply) => {
      const admin = await requireAdmin(ctx.auth, request);
      const { id } = blogPostIdParamsSchema.parse(request.params);
      await deleteBlogPost(ctx, { admin, id });
      return reply.status(204).send();
    });
  };
}
