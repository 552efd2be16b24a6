import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogAdminListQuerySchema,
  blogAdminListSchema,
  blogAdminPostSchema,
  blogPostIdParamsSchema,
  blogPostInputSchema,
  blogPublishInputSchema,
} from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { createAdminGuard } from '../../http/auth-guard';
import { errorResponses, noContentSchema } from '../../http/openapi';
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPostForAdmin,
  listBlogPostsForAdmin,
  setBlogPostPublishedByAdmin,
  updateBlogPost,
} from './blog-admin.service';

const errors = errorResponses(400, 401, 403, 404);

/** The blog manager and editor (admins only, checked here on every request). */
export function blogAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { check, adminOf } = createAdminGuard(ctx.auth);
  return async (app) => {
    // Checked before any input is read: 401/403 come before any 400.
    app.addHook('onRequest', check);
    // Drafts included: nothing here may sit in a shared or browser cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/admin/blog/posts',
      {
        schema: {
          querystring: blogAdminListQuerySchema,
          response: { 200: blogAdminListSchema, ...errors },
        },
      },
      async (request) => listBlogPostsForAdmin(ctx, { page: request.query.page }),
    );

    app.get(
      '/admin/blog/posts/:id',
      {
        schema: {
          params: blogPostIdParamsSchema,
          response: { 200: blogAdminPostSchema, ...errors },
        },
      },
      async (request) => getBlogPostForAdmin(ctx, request.params.id),
    );

    app.post(
      '/admin/blog/posts',
      {
        schema: {
          body: blogPostInputSchema,
          response: { 201: blogAdminPostSchema, ...errors },
        },
      },
      async (request, reply) => {
        const post = await createBlogPost(ctx, { admin: adminOf(request), input: request.body });
        return reply.status(201).send(post);
      },
    );

    app.put(
      '/admin/blog/posts/:id',
      {
        schema: {
          params: blogPostIdParamsSchema,
          body: blogPostInputSchema,
          response: { 200: blogAdminPostSchema, ...errors },
        },
      },
      async (request) =>
        updateBlogPost(ctx, {
          admin: adminOf(request),
          id: request.params.id,
          input: request.body,
        }),
    );

    app.put(
      '/admin/blog/posts/:id/published',
      {
        schema: {
          params: blogPostIdParamsSchema,
          body: blogPublishInputSchema,
          response: { 200: blogAdminPostSchema, ...errors },
        },
      },
      async (request) =>
        setBlogPostPublishedByAdmin(ctx, {
          admin: adminOf(request),
          id: request.params.id,
          published: request.body.published,
        }),
    );

    app.delete(
      '/admin/blog/posts/:id',
      {
        schema: {
          params: blogPostIdParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteBlogPost(ctx, { admin: adminOf(request), id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  };
}
