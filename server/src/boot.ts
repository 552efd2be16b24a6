/**
 * The built server's entry (dist/index.js): turns on Node's compile cache, then loads the bundled
 * server (dist/server.js) beside it. A restart then reads the bundle's compiled code from the
 * cache instead of compiling it again (decision 385). Development runs src/index.ts directly.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';

enableCompileCache();
// A computed address: the bundler leaves it as it is, so the server loads after the cache is on.
const server = new URL('./server.js', import.meta.url).href;
await import(server);
// Written now rather than at exit: a server that crashes or is killed never exits normally.
flushCompileCache();
