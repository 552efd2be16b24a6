// Bundles the server (and the TypeScript-source `common` package) into dist/index.js;
// npm packages stay external and load from node_modules.
// Usage: node build.mjs [outfile]   (default dist/index.js; keep other outfiles inside server/)
// Worker threads (script reading, blog sanitising) are entries too, beside the server's file.
import path from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/index.js';

await build({
  entryPoints: [
    { in: 'src/index.ts', out: path.basename(outfile, '.js') },
    { in: 'src/features/scripts/script-reading.worker.ts', out: 'script-reading.worker' },
    { in: 'src/features/blog/sanitize-html.worker.ts', out: 'sanitize-html.worker' },
    // Operator commands (backup, moving to PostgreSQL and S3): docs/deploy.md.
    { in: 'src/ops/cli.ts', out: 'ops' },
    // Synthesis workers for SYNTHESIS_QUEUE=postgres (decision 242): docs/deploy.md.
    { in: 'src/worker.ts', out: 'worker' },
  ],
  outdir: path.dirname(outfile),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@doublecast/common': '../common/src' },
  // The banner is not seen by esbuild, so its import has a name no bundled module declares
  // (server/src/voices/engines/neural.ts imports createRequire itself).
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
