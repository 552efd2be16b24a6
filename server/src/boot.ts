/**
 * The built server's entry (dist/index.js): starts Node with a small young generation, turns on
 * Node's compile cache, then loads the bundled server (dist/server.js) beside it. A restart then
 * reads the bundle's compiled code from the cache instead of compiling it again (decision 385).
 * Development runs src/index.ts directly.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';

// V8 keeps the pages of a young generation grown by a burst of large requests and never gives
// them back; a 4 MB semi-space keeps RSS near its start (decision 397). The heap is sized
// before any code runs, so the process replaces itself (same pid) with the flag, unless the
// operator already chose a size.
const SEMI_SPACE = '--max-semi-space-size';
if (
  process.execve &&
  !process.execArgv.some((a) => a.startsWith(SEMI_SPACE)) &&
  // eslint-disable-next-line no-restricted-syntax -- Node's own start-up flags, not a setting
  !(process.env.NODE_OPTIONS ?? '').includes(SEMI_SPACE)
) {
  process.execve(process.execPath, [
    process.execPath,
    `${SEMI_SPACE}=4`,
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
}

enableCompileCache();
// A computed address: the bundler leaves it as it is, so the server loads after the cache is on.
const server = new URL('./server.js', import.meta.url).href;
await import(server);
// Written now rather than at exit: a server that crashes or is killed never exits normally.
flushCompileCache();
