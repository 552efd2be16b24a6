import type { FastifyPluginAsync } from 'fastify';
import { blogListQuerySchema } from '@doublecast/common/blog';
import type { AppContext } from '../../app-context';
import { listPublicBlogPosts } from './blog.service';

export function blogRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/blog/posts', async (request, reply) => {
      const query = blogListQuerySchema.parse(request.query ?? {});
      // Public and shared by every visitor: revalidated on each view with an ETag (P1).
      reply.header('cache-control', 'public, no-cache');
      return listPublicBlogPosts(ctx, { cursor: query.cursor });
    });
  };
}
