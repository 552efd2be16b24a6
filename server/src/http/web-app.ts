import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * An app route whose page the server starts: `head` replaces the shell's title and description
 * (for crawlers and link previews, which run no script), or the address has moved.
 */
export interface ShellPage {
  url: string;
  render(
    request: FastifyRequest,
  ): Promise<{ status: number; head: string } | { status: 301; location: string }>;
}

/**
 * Serves the built web app: hashed assets cached for a year (their brotli or gzip copy made at
 * build time when the browser accepts it), index.html revalidated on every visit, and the SPA
 * fallback for any GET that is not an API call or a file, which is the page's HTML when the build
 * rendered it (decision 234). Source maps are never served.
 */
export async function installWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  pages: readonly ShellPage[] = [],
): Promise<void> {
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return;
  const root = path.resolve(distDir);
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // Source maps carry the full sources; a build made with them must still not serve them.
    allowedPath: (pathName) => !isSourceMap(pathName),
    etag: true,
    // The build writes .br and .gz beside each script and style sheet (decision 230): a browser
    // that accepts them gets those bytes as they are, with Content-Encoding and Vary set.
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      res.header(
        'cache-control',
        isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const prerendered = readPrerenderedPages(root);
  const sendShell = (reply: FastifyReply, urlPath = '') =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(prerendered.get(urlPath) ?? indexHtml);
  app.get('/', (_request, reply) => sendShell(reply, '/'));
  const shellText = indexHtml.toString('utf8');
  for (const page of pages) {
    app.get(page.url, async (request, reply) => {
      const answer = await page.render(request);
      if ('location' in answer) return reply.redirect(answer.location, 301);
      return reply
        .status(answer.status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withHead(shellText, answer.head));
    });
  }
  app.get('/*', (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/') || isSourceMap(urlPath)) {
      return reply.callNotFound();
    }
    const file = path.join(root, path.normalize(urlPath));
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    // Files with an extension that do not exist are real 404s, not app routes.
    if (/\.[a-z0-9]{1,8}$/i.test(urlPath)) return reply.callNotFound();
    return sendShell(reply, urlPath);
  });
}

/**
 * The public pages the build rendered to HTML (web/prerender.ts, decision 234), by address:
 * dist/pages/index.html is `/`, dist/pages/voices.html is `/voices`.
 */
function readPrerenderedPages(root: string): Map<string, Buffer> {
  const dir = path.join(root, 'pages');
  const pages = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, fs.readFileSync(path.join(dir, file)));
  }
  return pages;
}

function isSourceMap(urlPath: string): boolean {
  return /\.map$/i.test(urlPath);
}

/** The shell with its own title and description replaced by `head`. */
function withHead(shell: string, head: string): string {
  const stripped = shell
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function replacer: `$` in a post's title is text, not a replacement pattern.
  if (/<\/head>/i.test(stripped)) return stripped.replace(/<\/head>/i, () => `${head}\n</head>`);
  // A shell without an explicit head: the browser puts these in its implied head.
  return stripped.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${head}`);
}
