// Bundles the server, its npm packages and the TypeScript-source `common` package into
// dist/server.js, behind a small entry (dist/index.js, src/boot.ts) that turns on Node's compile
// cache first (decision 384). One file starts far faster than thousands resolved one by one.
// Packages with native code or their own worker files stay external and load from node_modules.
// Usage: node build.mjs [outfile]   (default dist/index.js; keep other outfiles inside server/)
// Worker threads (script reading, blog sanitising) are entries too, beside the server's file.
import path from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/index.js';

await build({
  entryPoints: [
    { in: 'src/boot.ts', out: path.basename(outfile, '.js') },
    { in: 'src/index.ts', out: 'server' },
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
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  // Smaller to read and parse at start; the source map names what a stack trace shows.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  external: [
    // Native addons.
    'better-sqlite3',
    'sherpa-onnx-node',
    '@node-rs/argon2',
    'pg-native',
    // Packages that start worker threads or serve files from their own folder.
    'piscina',
    'pino',
    'thread-stream',
    'pino-pretty',
    '@fastify/static',
    '@fastify/swagger-ui',
  ],
  alias: { '@doublecast/common': '../common/src' },
  // The banner is not seen by esbuild, so its import has a name no bundled module declares
  // (server/src/features/voices/engines/neural.ts imports createRequire itself). Bundled CommonJS
  // packages load Node's built-in modules through this require.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
