import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread `name` that sits beside the calling module (`here` is its
 * import.meta.url). From source (tests, dev) the worker loads its TypeScript through tsx; the
 * built server has it bundled beside index.js (server/build.mjs). Unreferenced: it never keeps
 * the process alive.
 */
export function startModuleWorker(here: string, name: string): Worker {
  const worker = here.endsWith('.ts')
    ? new Worker(new URL(`./${name}.ts`, here), { execArgv: ['--import', 'tsx'] })
    : new Worker(new URL(`./${name}.js`, here));
  worker.unref();
  return worker;
}
