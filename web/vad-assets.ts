import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The voice-activity detector's own files (issue 30, decision 271), copied byte for byte into
 * `assets/vad-<hash of their bytes>/` (served as immutable, like every hashed asset), the folder
 * the app reads from `virtual:vad-assets`; the development server serves them from
 * node_modules. Nothing is fetched from anywhere but Doublecast itself.
 * - @ricky0123/vad-web loads its audio worklet and the Silero model from one folder by name.
 * - onnxruntime-web runs from its own prebuilt ES module and WebAssembly, loaded at run time:
 *   re-bundled by our build, its sessions answered no outputs. vad-web's import of it is
 *   pointed at ort-runtime.ts, whose bindings are that module's once it is loaded.
 */
const PACKAGE_FILES = [
  { pkg: '@ricky0123/vad-web', name: 'vad.worklet.bundle.min.js' },
  { pkg: '@ricky0123/vad-web', name: 'silero_vad_v5.onnx' },
  { pkg: 'onnxruntime-web', name: 'ort.wasm.bundle.min.mjs' },
  { pkg: 'onnxruntime-web', name: 'ort-wasm-simd-threaded.mjs' },
  { pkg: 'onnxruntime-web', name: 'ort-wasm-simd-threaded.wasm' },
] as const;
const ORT_RUNTIME = fileURLToPath(
  new URL('./src/features/rehearsal/cues/ort-runtime.ts', import.meta.url),
);
const VIRTUAL = 'virtual:vad-assets';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_BASE = '/@vad-assets/';

/** A package's dist folder, found through a file its exports name. */
function distOf(pkg: string): string {
  const require = createRequire(import.meta.url);
  return pkg === 'onnxruntime-web'
    ? path.dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'))
    : path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'dist');
}

export function vadAssets(): Plugin {
  const files = PACKAGE_FILES.map(({ pkg, name }) => ({
    name,
    bytes: fs.readFileSync(path.join(distOf(pkg), name)),
  }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update(f.bytes);
  const buildBase = `/assets/vad-${hash.digest('hex').slice(0, 10)}/`;
  let serving = false;
  let ssr = false;
  return {
    name: 'doublecast-vad-assets',
    config: () => ({ resolve: { alias: { 'onnxruntime-web/wasm': ORT_RUNTIME } } }),
    configResolved(config) {
      serving = config.command === 'serve';
      ssr = !!config.build.ssr;
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      return `export const VAD_ASSET_BASE = ${JSON.stringify(serving ? DEV_BASE : buildBase)};`;
    },
    generateBundle() {
      // The server renderer's build (web/prerender.ts) only needs the folder's name.
      if (ssr) return;
      for (const f of files)
        this.emitFile({
          type: 'asset',
          fileName: `${buildBase.slice(1)}${f.name}`,
          source: f.bytes,
        });
    },
    configureServer(server) {
      server.middlewares.use(DEV_BASE, (req, res, next) => {
        const file = files.find((f) => `/${f.name}` === req.url);
        if (!file) return next();
        res.setHeader(
          'content-type',
          /\.m?js$/.test(file.name)
            ? 'text/javascript'
            : file.name.endsWith('.wasm')
              ? 'application/wasm'
              : 'application/octet-stream',
        );
        res.end(file.bytes);
      });
    },
  };
}
