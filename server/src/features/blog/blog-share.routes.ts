import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { blogRss, sitemapXml } from './blog-share.service';

/** The blog's feed and the site's sitemap, at the site's root (not under /api). */
export function blogShareRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/blog/rss.xml', async (_request, reply) => {
      return reply
        .header('cache-control', 'public, no-cache')
        .type('application/rss+xml; charset=utf-8')
        .send(await blogRss(ctx));
    });

    app.get('/sitemap.xml', async (_request, reply) => {
      return reply
        .header('cache-control', 'public, no-cache')
        .type('application/xml; charset=utf-8')
        .send(await sitemapXml(ctx));
    });
  };
}
