import type { FastifyPluginAsync } from 'fastify';
import { blogListQuerySchema, blogPostParamsSchema } from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { findMovedBlogSlug, listPublicBlogPosts, viewPublicBlogPost } from './blog.service';
import { isAppError } from '../../lib/app-error';

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
      try {
        return await viewPublicBlogPost(ctx, { slug });
      } catch (e) {
        // An old address of a post whose title (and so slug) changed: 301 to the current one.
        const moved =
          isAppError(e) && e.code === 'not-found' ? await findMovedBlogSlug(ctx, slug) : null;
        if (moved) return reply.redirect(`/api/blog/posts/${encodeURIComponent(moved)}`, 301);
        throw e;
      }
    });
  };
}
