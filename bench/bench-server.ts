import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startServer,
  type RealServer,
  type StartOptions,
} from '../server/src/test/real-server';
import { serverBundle } from './bundle';

export interface BenchServerOptions extends Pick<StartOptions, 'cpu' | 'nodeArgs'> {
  /** A bundle the caller shares between servers (and removes); by default one of its own. */
  bundle?: { entry: string };
  /** Laid over the production environment; a function when it names files in the data folder. */
  env?: Record<string, string> | ((dataDir: string) => Record<string, string>);
}

export interface BenchServer {
  server: RealServer;
  dataDir: string;
  sqliteFile: string;
  /** Stops the server and removes its data folder (and its bundle, when it built one). */
  stop(): Promise<void>;
}

/**
 * The server a benchmark measures: the production bundle (bench/bundle.ts) in production mode on
 * a private data folder (SQLite unless `env` names DATABASE_URL).
 */
export async function startBenchServer(
  name: string,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dc-bench-${name}-`));
  const own = options.bundle ? null : serverBundle();
  const remove = () => {
    own?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const env = typeof options.env === 'function' ? options.env(dataDir) : options.env;
    const server = await startServer({
      baseEnv: process.env,
      dataDir,
      port: await freePort(),
      bundle: (options.bundle ?? own)!.entry,
      cpu: options.cpu,
      nodeArgs: options.nodeArgs,
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
        ...env,
      },
    });
    return {
      server,
      dataDir,
      sqliteFile: path.join(dataDir, 'doublecast.sqlite'),
      async stop() {
        server.process.kill('SIGTERM');
        await server.exited;
        remove();
      },
    };
  } catch (e) {
    remove();
    throw e;
  }
}
