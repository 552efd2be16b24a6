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
import { adminOnly } from '../../http/auth-guard';
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
  return async (app) => {
    // Admins only, checked before any input is read; nothing here is cached (auth-guard.ts).
    const adminOf = adminOnly(app, ctx.auth);

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
