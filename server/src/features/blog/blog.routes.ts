import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostParamsSchema,
  blogPostSchema,
} from '@doublecast/common/blog';
import { errorResponses } from '../../http/openapi';
import type { AppContext } from '../../app-context';
import { findMovedBlogSlug, listPublicBlogPosts, viewPublicBlogPost } from './blog.service';
import { isAppError } from '../../lib/app-error';

export function blogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const listSchema = {
      querystring: blogListQuerySchema,
      response: { 200: blogListResponseSchema, ...errorResponses(400) },
    };
    app.get('/blog/posts', { schema: listSchema }, async (request, reply) => {
      const query = request.query;
      // Public and shared by every visitor: revalidated on each view with an ETag (docs/glossary.md#P1).
      reply.header('cache-control', 'public, no-cache');
      return listPublicBlogPosts(ctx, { cursor: query.cursor });
    });

    const postSchema = {
      params: blogPostParamsSchema,
      response: {
        200: blogPostSchema,
        301: z.null().describe('The post moved: Location is its current address'),
        ...errorResponses(400, 404),
      },
    };
    // Every GET counts a view, so no HEAD twin (a HEAD must not count) and no shared caching.
    app.get(
      '/blog/posts/:slug',
      { exposeHeadRoute: false, schema: postSchema },
      async (request, reply) => {
        const { slug } = request.params;
        reply.header('cache-control', 'no-store');
        try {
          return await viewPublicBlogPost(ctx, { slug });
        } catch (e) {
          // An old address of a post whose title (and so slug) changed: 301 to the current one.
          const moved =
            isAppError(e) && e.code === 'not-found' ? await findMovedBlogSlug(ctx, slug) : null;
          if (moved) return reply.redirect(`/api/blog/posts/${encodeURIComponent(moved)}`, 301);
          throw e;
        }
      },
    );
  };
}
