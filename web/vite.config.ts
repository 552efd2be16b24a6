import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { prerender } from './prerender';
import { vadAssets } from './vad-assets';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli (quality 11) and gzip (level 9) copies of every script, style sheet and SVG, made
    // once at build time, so the server sends them as they are (decision 230).
    compression({
      // The detector's runtime (.wasm, 14 MB) too: it is fetched only when the voice cue is chosen.
      include: /\.(js|mjs|css|svg|json|txt|xml|wasm)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
    // The first script blocks rendering (Vite writes its tag, so the attribute is added here):
    // a page rendered at build time is never shown before the script that holds early taps on
    // its buttons has run (decision 303). It is 1 KB and arrives beside the style sheet.
    {
      name: 'doublecast-first-script-blocks-render',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html) => {
          const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
          if (!tag.test(html)) throw new Error('the entry script tag was not found');
          return html.replace(
            tag,
            '<script type="module" crossorigin blocking="render" src="$1"></script>',
          );
        },
      },
    },
    prerender(),
    vadAssets(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // No source maps in the build: production must not hand out the full sources (decision 130).
  // The manifest (web/dist/.vite, never served) lets the bundle-size check follow each public
  // page's chunks. No modulepreload polyfill: every browser the app supports has modulepreload.
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    modulePreload: { polyfill: false },
    // Building a zod schema has no side effect: a page that imports a shared module for its
    // texts does not keep (and load) the schemas it never uses (decision 235).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper, which the first script uses to import the app, is a chunk of
            // its own: inside app-shared it made the first script import that chunk and, through
            // it, the framework, so every rendered page fetched 100 KB of scripts beside its
            // paint (decision 235).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
            // The app's small modules that the first scripts share with the pages (decision 235):
            // one chunk instead of five, 0.5 KB less on every public page and four requests fewer.
            {
              name: 'app-shared',
              test: /(web[\\/]src[\\/](lib[\\/](api-client|use-now)|components[\\/]ui[\\/]button|features[\\/]marketing[\\/]components[\\/]icon)|common[\\/]src[\\/]plans)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
