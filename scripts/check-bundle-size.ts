/**
 * docs/glossary.md#P5: the JavaScript a public page loads before it can render (the entry script and its
 * modulepreloads) stays <= 150 KB gzip, and CSS <= 50 KB gzip. Reads web/dist after a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const refs = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));

const js = [
  ...new Set([
    ...refs(/<script[^>]+src="([^"]+\.js)"/g),
    ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ]),
];
const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
const jsKb = js.reduce((n, f) => n + gz(f), 0) / 1024;
const cssKb = css.reduce((n, f) => n + gz(f), 0) / 1024;
console.log(
  `initial JS ${jsKb.toFixed(1)} KB gzip (limit 150) in ${js.length} files; CSS ${cssKb.toFixed(1)} KB gzip (limit 50)`,
);
if (jsKb > 150 || cssKb > 50) {
  console.error('Bundle size over budget (quality bar P5).');
  process.exit(1);
}
