import { Worker } from 'node:worker_threads';

/**
 * Where the worker module `name` beside the calling module (`here` is its import.meta.url) is:
 * from source (tests, dev) its TypeScript, loaded through tsx; in the built server the file
 * bundled beside index.js (server/build.mjs).
 */
export function moduleWorkerFile(here: string, name: string): { url: URL; execArgv?: string[] } {
  return here.endsWith('.ts')
    ? { url: new URL(`./${name}.ts`, here), execArgv: ['--import', 'tsx'] }
    : { url: new URL(`./${name}.js`, here) };
}

/** Starts that worker thread, unreferenced: it never keeps the process alive. */
export function startModuleWorker(here: string, name: string): Worker {
  const { url, execArgv } = moduleWorkerFile(here, name);
  const worker = new Worker(url, execArgv ? { execArgv } : {});
  worker.unref();
  return worker;
}
