/**
 * The server a benchmark measures from outside: the production bundle, built privately, on a
 * private SQLite folder, with bench/event-loop-probe.mjs preloaded (the product is unchanged), and
 * the readings a benchmark takes of it: the probe's figures for a phase, and its RSS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildServerBundle,
  freePort,
  startServer,
  type RealServer,
} from '../server/src/test/real-server';

/** One phase of the probe (ms). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  count: number;
  /** The main thread's longest own CPU time between two turns of its loop, and its p99. */
  cpuBlockMax: number;
  cpuBlockP99: number;
}

export interface ProbedServer {
  server: RealServer;
  sqliteFile: string;
  /** Ends the probe's current phase and returns its figures (the next phase starts now). */
  loopDelay(): Promise<LoopDelay>;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startProbedServer(name: string): Promise<ProbedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dc-bench-${name}-`));
  const probeFile = path.join(dir, 'event-loop.json');
  const bundle = buildServerBundle();
  const port = await freePort();
  const server = await startServer({
    baseEnv: process.env,
    dataDir: dir,
    port,
    bundle: bundle.entry,
    // A busy shared machine can take a while to start it.
    timeoutMs: 120_000,
    nodeArgs: ['--import', path.resolve(import.meta.dirname, 'event-loop-probe.mjs')],
    env: {
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      APP_URL: `http://127.0.0.1:${port}`,
      EVENT_LOOP_PROBE_FILE: probeFile,
    },
  });
  const pid = server.process.pid!;
  return {
    server,
    sqliteFile: path.join(dir, 'doublecast.sqlite'),
    async loopDelay() {
      fs.rmSync(probeFile, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let i = 0; i < 200 && !fs.existsSync(probeFile); i++)
        await new Promise((r) => setTimeout(r, 10));
      return JSON.parse(fs.readFileSync(probeFile, 'utf8')) as LoopDelay;
    },
    rssMb() {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    async stop() {
      server.process.kill('SIGTERM');
      await server.exited;
      bundle.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
