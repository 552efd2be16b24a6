/**
 * docs/glossary.md#P5 (issue 15): the JavaScript a public page loads before it is interactive,
 * <= 100 KB brotli, and its CSS <= 50 KB brotli; the check fails when any public page is over
 * (decisions 235, 245). For each public page that is the entry script with its static imports,
 * what it imports after the first paint (the app, src/boot.tsx, with its static imports) and
 * the page's own route chunk with its static imports, followed through the Vite manifest. Sizes
 * are those of the .br files the build wrote (the bytes the server sends). Reads web/dist after
 * a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LIMIT_JS_KB = 100;
const LIMIT_CSS_KB = 50;
/** Public pages and the route module each one renders (the home page is in the entry). */
const PAGES: Record<string, string | null> = {
  '/': null,
  '/voices': 'src/app/routes/voices.tsx',
  '/pricing': 'src/app/routes/pricing.tsx',
  '/blog': 'src/app/routes/blog.tsx',
  '/blog/{slug}': 'src/app/routes/blog-post.tsx',
};

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, Chunk>;

const brotliBytes = (file: string): number => {
  const br = path.join(dist, `${file}.br`);
  if (fs.existsSync(br)) return fs.statSync(br).size;
  return zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file))).length;
};

/** A chunk and everything it imports statically (what loads before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('no entry in the Vite manifest');
let over = false;
for (const [page, route] of Object.entries(PAGES)) {
  // The first script imports the app after the first paint (web/src/main.tsx): the page is not
  // interactive before that import has run, so it counts.
  const keys = closure(entry);
  for (const app of manifest[entry]!.dynamicImports ?? []) closure(app, keys);
  if (route) {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of its own`);
    closure(route, keys);
  }
  const chunks = [...keys].map((k) => manifest[k]!);
  const js = chunks.map((c) => c.file);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const jsKb = js.reduce((n, f) => n + brotliBytes(f), 0) / 1024;
  const cssKb = css.reduce((n, f) => n + brotliBytes(f), 0) / 1024;
  const pageOver = jsKb > LIMIT_JS_KB || cssKb > LIMIT_CSS_KB;
  over ||= pageOver;
  console.log(
    `${page.padEnd(13)} initial JS ${jsKb.toFixed(1)} KB brotli in ${js.length} files ` +
      `(limit ${LIMIT_JS_KB}); ` +
      `CSS ${cssKb.toFixed(1)} KB brotli (limit ${LIMIT_CSS_KB})${pageOver ? '  OVER' : ''}`,
  );
}
if (over) {
  console.error('Bundle size over budget (quality bar P5, docs/glossary.md#P5).');
  process.exit(1);
}
