/**
 * The server a benchmark measures from outside (bench/bench-server.ts), with
 * bench/event-loop-probe.mjs preloaded (the product is unchanged), and the readings a benchmark
 * takes of it: the probe's figures for a phase, and its RSS.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RealServer } from '../server/src/test/real-server';
import { startBenchServer } from './bench-server';

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
  const probeFile = (dataDir: string) => path.join(dataDir, 'event-loop.json');
  const { server, dataDir, sqliteFile, stop } = await startBenchServer(name, {
    nodeArgs: ['--import', path.resolve(import.meta.dirname, 'event-loop-probe.mjs')],
    env: (dataDir) => ({ EVENT_LOOP_PROBE_FILE: probeFile(dataDir) }),
  });
  const pid = server.process.pid!;
  return {
    server,
    sqliteFile,
    async loopDelay() {
      const file = probeFile(dataDir);
      fs.rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      // Until the server has answered the signal, however busy the machine.
      while (!fs.existsSync(file)) {
        if (server.process.exitCode !== null || server.process.signalCode !== null)
          throw new Error('the server exited before it reported its event loop');
        await new Promise((r) => setTimeout(r, 10));
      }
      return JSON.parse(fs.readFileSync(file, 'utf8')) as LoopDelay;
    },
    rssMb() {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    stop,
  };
}
