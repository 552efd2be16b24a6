import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * An app route whose page the server starts: `head` replaces the shell's title and description
 * (for crawlers and link previews, which run no script), or the address has moved. With `data`,
 * the build's server renderer draws the page's body from it (decision 237): `name` picks the
 * page's shell in dist/.ssr (or, for a signed-in page, its preloaded shell in dist/pages), and
 * the data goes into the page for the browser to hydrate from.
 */
export interface ShellPage {
  url: string;
  name: string;
  /** A render made at start, so the page's chunks are loaded before its first visitor. */
  warmUp: { url: string; data: PageBody };
  render(request: FastifyRequest): Promise<
    | {
        status: number;
        /** The page's title and description; without it, the shell's own. */
        head?: string;
        data?: PageBody;
        /** Drawn for the user who asked (decision 389): no shared cache may keep it. */
        personal?: boolean;
      }
    | { status: 301; location: string }
  >;
}

/** What a server-rendered page is drawn from: the web app's PageData (web/src/app/page-data.ts). */
export type PageBody = Record<string, unknown>;

/** The build's server renderer (web/src/entry-server.tsx, kept by the build in dist/.ssr). */
interface PageRenderer {
  render(url: string, data: PageBody & { origin: string }): Promise<string>;
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
  origin = '',
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
  const pageFor = (urlPath: string) =>
    prerendered.get(urlPath) ??
    // A script's run page (/practice/{id}) has one shell for every script (web/prerender.ts).
    (/^\/practice\/[^/]+$/.test(urlPath) ? prerendered.get('/practice-run') : undefined) ??
    indexHtml;
  const sendShell = (reply: FastifyReply, urlPath = '') =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageFor(urlPath));
  app.get('/', (_request, reply) => sendShell(reply, '/'));
  const shellText = indexHtml.toString('utf8');
  const renderer = await loadRenderer(root, pages);
  for (const page of pages) {
    // The page's shell with nothing drawn in it: a signed-in page's own (its chunks preloaded),
    // else the app's.
    const emptyShell = prerendered.get(`/${page.name}`)?.toString('utf8') ?? shellText;
    const pageShell = readSsrFile(root, `${page.name}.html`) ?? emptyShell;
    app.get(page.url, async (request, reply) => {
      const answer = await page.render(request);
      if ('location' in answer) return reply.redirect(answer.location, 301);
      const shell = answer.data ? pageShell : emptyShell;
      let html = answer.head === undefined ? shell : withHead(shell, answer.head);
      if (answer.data && renderer) {
        const data = { ...answer.data, origin };
        try {
          const body = await renderer.render(request.url.split('?')[0] ?? '/', data);
          html = withBody(html, body, data);
        } catch (error) {
          // The page still works: the browser draws it after its scripts load, as before.
          request.log.error({ err: error }, 'server render failed; sending the empty shell');
        }
      }
      return reply
        .status(answer.status)
        .header('cache-control', answer.personal ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
  app.get('/*', (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    // Dot folders (.vite's manifest, .ssr's server renderer) are the build's, never served.
    if (urlPath.startsWith('/api/') || isSourceMap(urlPath) || /\/\./.test(urlPath)) {
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

/** A file the build wrote to dist/.ssr (the server renderer and its pages' shells), or null. */
function readSsrFile(root: string, name: string): string | null {
  const file = path.join(root, '.ssr', name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** The build's server renderer, or null when the build has none (then pages start empty). */
async function loadRenderer(
  root: string,
  pages: readonly ShellPage[],
): Promise<PageRenderer | null> {
  const file = path.join(root, '.ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  // Loads each page's lazy chunks now, so the first visitor's render is not the one that waits
  // for them.
  for (const page of pages)
    await renderer.render(page.warmUp.url, { ...page.warmUp.data, origin: '' });
  return renderer;
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` as \u escapes (nothing in it
 * can close the element or open a comment), and U+2028/U+2029 too. JSON.parse reads it back as is.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The shell with the rendered page in #root and the data it was drawn from after it. */
function withBody(shell: string, body: string, data: unknown): string {
  const script = `<script type="application/json" id="page-data">${jsonForScript(data)}</script>`;
  return shell.replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>${script}`);
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
