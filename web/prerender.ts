import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vadAssets } from './vad-assets';

/**
 * The public pages rendered to HTML at build time (decision 234), each written to
 * dist/pages/<name>.html: the built shell with the page's HTML inside #root and, in a template
 * the first script reads after the first paint, modulepreload links for the app's and the
 * page's own chunks (decision 235). The server sends these instead of the empty shell.
 */
export const PRERENDERED_PAGES: Record<string, { url: string; route: string | null }> = {
  index: { url: '/', route: null },
  voices: { url: '/voices', route: 'src/app/routes/voices.tsx' },
  pricing: { url: '/pricing', route: 'src/app/routes/pricing.tsx' },
  blog: { url: '/blog', route: 'src/app/routes/blog.tsx' },
  about: { url: '/about', route: 'src/app/routes/about.tsx' },
};

/**
 * Pages the server renders per request with this module (decision 237): the build keeps the
 * module in dist/.ssr (never served: a dot folder) and writes each page's shell there, with
 * the same template of modulepreload links, as dist/.ssr/<name>.html.
 */
export const SERVER_RENDERED_PAGES: Record<string, { route: string }> = {
  'blog-post': { route: 'src/app/routes/blog-post.tsx' },
  // Their frames, drawn for a signed-in user (decision 389); signed out, the preloaded shells.
  practice: { route: 'src/app/routes/practice.tsx' },
  'practice-run': { route: 'src/app/routes/practice-run.tsx' },
};

/**
 * Signed-in pages, which have nothing to render before their data (decision 238): the build
 * writes the shell with modulepreload links for the page's chunks as dist/pages/<name>.html, so
 * the browser fetches the page's code beside the entry script instead of after it.
 */
export const PRELOADED_PAGES: Record<string, { route: string }> = {
  studio: { route: 'src/app/routes/studio.tsx' },
  practice: { route: 'src/app/routes/practice.tsx' },
  // A script's run page, /practice/{id}: the server sends it for every such address.
  'practice-run': { route: 'src/app/routes/practice-run.tsx' },
};

interface Chunk {
  file: string;
  imports?: string[];
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'doublecast-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = path.join(outDir, '.ssr');
      // The same sources as a Node module, with every package inside: nothing to resolve.
      await build({
        configFile: false,
        root: config.root,
        publicDir: false,
        logLevel: 'warn',
        plugins: [react(), vadAssets()],
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          target: 'node24',
        },
      });
      const entry = path.join(ssrDir, 'entry-server.js');
      const { render } = (await import(pathToFileURL(entry).href)) as {
        render(url: string): Promise<string>;
      };
      const shellFile = path.join(outDir, 'index.html');
      const shell = fs.readFileSync(shellFile, 'utf8');
      const manifest = JSON.parse(
        fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, Chunk>;
      // The empty shell draws nothing without the app: it preloads the app's chunks. A page
      // rendered here or on the server paints first and fetches its scripts after
      // (src/main.tsx, decision 235): its preload links wait, inert, in a template the first
      // script moves to the head.
      const app = chunksOf(manifest, APP_MODULE, shell);
      const deferred = (route: string | null) => {
        const files = [...new Set([...app, ...(route ? chunksOf(manifest, route, shell) : [])])];
        return withHead(
          shell,
          `<template id="${PRELOADS_TEMPLATE_ID}">\n    ${preloadLinks(files)}\n    </template>`,
        );
      };
      fs.writeFileSync(shellFile, withHead(shell, preloadLinks(app)));
      fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
      for (const [name, page] of Object.entries(PRERENDERED_PAGES)) {
        const html = await render(page.url);
        const out = deferred(page.route).replace(
          '<div id="root"></div>',
          () => `<div id="root">${html}</div>`,
        );
        if (!out.includes(html)) throw new Error('the shell has no empty #root');
        fs.writeFileSync(path.join(outDir, 'pages', `${name}.html`), out);
      }
      for (const [name, page] of Object.entries(PRELOADED_PAGES)) {
        const files = new Set([...app, ...chunksOf(manifest, page.route, shell)]);
        fs.writeFileSync(
          path.join(outDir, 'pages', `${name}.html`),
          withHead(shell, preloadLinks([...files])),
        );
      }
      for (const [name, page] of Object.entries(SERVER_RENDERED_PAGES)) {
        fs.writeFileSync(path.join(ssrDir, `${name}.html`), deferred(page.route));
      }
    },
  };
}

/** The module the first script imports (src/main.tsx). */
const APP_MODULE = 'src/boot.tsx';
/** The template src/main.tsx takes a rendered page's preload links from. */
const PRELOADS_TEMPLATE_ID = 'app-preloads';

function preloadLinks(files: string[]): string {
  return files
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

function withHead(html: string, markup: string): string {
  return markup ? html.replace('</head>', () => `  ${markup}\n  </head>`) : html;
}

/** A module's chunk and its static imports that the shell does not already load. */
function chunksOf(manifest: Record<string, Chunk>, key: string, shell: string): string[] {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of its own`);
  const files = new Set<string>();
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(key);
  return [...files].filter((file) => !shell.includes(`/${file}"`));
}
