import type { FastifyPluginAsync } from 'fastify';
import { blogListQuerySchema, blogPostParamsSchema } from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { listPublicBlogPosts, viewPublicBlogPost } from './blog.service';

export function blogRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/blog/posts', async (request, reply) => {
      const query = blogListQuerySchema.parse(request.query ?? {});
      // Public and shared by every visitor: revalidated on each view with an ETag (P1).
      reply.header('cache-control', 'public, no-cache');
      return listPublicBlogPosts(ctx, { cursor: query.cursor });
    });

    // Every GET counts a view, so no HEAD twin (a HEAD must not count) and no shared caching.
    app.get('/blog/posts/:slug', { exposeHeadRoute: false }, async (request, reply) => {
      const { slug } = blogPostParamsSchema.parse(request.params);
      reply.header('cache-control', 'no-store');
      return viewPublicBlogPost(ctx, { slug });
    });
  };
}
