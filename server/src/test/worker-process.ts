import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const WORKER_ENTRY = path.resolve(import.meta.dirname, '../worker.ts');
export const PACED_WORKER_ENTRY = path.resolve(import.meta.dirname, 'queue-worker.ts');

export interface WorkerProcess {
  process: ChildProcess;
  /** Everything it logged so far (pino lines on stdout, and stderr). */
  log(): string;
  exited: Promise<number | string | null>;
}

/**
 * Starts a synthesis worker entry (the real server/src/worker.ts, or the paced test worker) under
 * tsx, and waits until it says it is ready (or has exited).
 */
export async function startWorker(options: {
  entry?: string;
  env: Record<string, string>;
}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? PACED_WORKER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let onLog = () => undefined as void;
  const append = (d: Buffer) => {
    log += String(d);
    onLog();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const worker = { process: child, log: () => log, exited };
  // Until it says it is ready or exits, however busy the machine: the calling hook's timeout
  // bounds it.
  await new Promise<void>((resolve) => {
    onLog = () => {
      if (log.includes('synthesis worker ready')) resolve();
    };
    void exited.then(() => resolve());
  });
  return worker;
}

/** Stops a worker (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
export async function stopWorker(worker: WorkerProcess, graceMs = 5000): Promise<void> {
  if (worker.process.exitCode !== null || worker.process.signalCode !== null) return;
  worker.process.kill('SIGTERM');
  const timer = setTimeout(() => worker.process.kill('SIGKILL'), graceMs);
  await worker.exited;
  clearTimeout(timer);
}
