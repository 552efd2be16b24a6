/**
 * Test support (not used by the product): the multi-process installation of docs/deploy.md on
 * loopback, as the scale-out proof (e2e/scale-out) and benchmark (bench/scale-out.bench.ts) run
 * it: PostgreSQL, an S3-compatible server (s3rver), N server processes of one production build,
 * synthesis workers, and nginx in front with the guide's configuration (decision 244).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startNginx, type TestNginx } from './nginx';
import { usePostgres } from './postgres-server';
import { freePort, startServer, type RealServer } from './real-server';
import { startS3Server } from './s3-server';
import { startWorker, stopWorker, type WorkerProcess } from './worker-process';

/**
 * Synthesis workers the proof and the benchmark start beside the servers (SYNTHESIS_QUEUE=postgres,
 * server/dist/worker.js, decision 242): the servers then only queue syntheses.
 */
export const PROOF_WORKERS = 2;

export interface ClusterOptions {
  /** The built server entry (server/dist/index.js or a private build's). */
  entry: string;
  /** Server processes (each on its own port, all on one database and bucket). */
  servers: number;
  /** Synthesis workers (`worker.js` beside the entry, SYNTHESIS_QUEUE=postgres); 0: the servers synthesise. */
  workers?: number;
  /** Put nginx in front of the servers. */
  nginx?: boolean;
  /** The built web app the servers answer pages from (else none: API only). */
  webDistDir?: string;
  /** Settings every server and worker gets on top of the cluster's own. */
  env?: Record<string, string>;
}

export interface Cluster {
  /** Where browsers go: nginx when it runs, else the first server. */
  url: string;
  servers: RealServer[];
  workers: WorkerProcess[];
  nginx: TestNginx | null;
  /** The application's database (a fresh one in the test cluster). */
  databaseUrl: string;
  /** The mail outbox every process writes to. */
  outboxDir: string;
  /** The settings every process got (but APP_URL), for another process on the same installation. */
  env: Record<string, string>;
  /** A query on the application's database. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops everything it started, whatever state each part is in. */
  stop(): Promise<void>;
}

/**
 * Starts the whole installation; on any failure stops what had started and rethrows. Every
 * process is also killed if this process exits without calling stop().
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-cluster-'));
  const outboxDir = path.join(dir, 'outbox');
  const stops: (() => Promise<void> | void)[] = [
    () => fs.rmSync(dir, { recursive: true, force: true }),
  ];
  const children = new Set<ChildProcess>();
  const killAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    // Last started, first stopped; each part is stopped even when another fails to.
    for (const s of stops.splice(0).reverse()) await Promise.resolve(s()).catch(() => undefined);
  };
  try {
    const [postgres, s3] = await Promise.all([usePostgres(), startS3Server()]);
    stops.push(
      () => postgres.stop(),
      () => s3.close(),
    );
    const database = `doublecast_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, `/${database}`);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    stops.push(() => pool.end());

    const ports = await Promise.all(Array.from({ length: options.servers }, () => freePort()));
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'cluster-secret-cluster-secret-cluster',
      DATABASE_URL: databaseUrl,
      OUTBOX_DIR: outboxDir,
      // Requests come through nginx (or straight from the test) on loopback.
      TRUSTED_PROXIES: '127.0.0.1',
      ...s3.env('audio'),
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...(options.workers ? { SYNTHESIS_QUEUE: 'postgres' } : {}),
      ...options.env,
    };
    // APP_URL (mail links, the CSRF origin) is nginx's: its port is picked before the servers start.
    const proxyPort = options.nginx ? await freePort() : ports[0]!;
    const appUrl = `http://localhost:${proxyPort}`;
    const servers = await Promise.all(
      ports.map(async (port, i) => {
        const server = await startServer({
          baseEnv: process.env,
          dataDir: path.join(dir, `server-${i + 1}`),
          port,
          bundle: options.entry,
          env: { ...shared, APP_URL: appUrl },
        });
        children.add(server.process);
        stops.push(async () => {
          if (server.process.exitCode === null && server.process.signalCode === null)
            server.process.kill('SIGTERM');
          await server.exited;
        });
        return server;
      }),
    );
    // Workers start once the servers have migrated the database (pg-boss's schema included).
    const workers = await Promise.all(
      Array.from({ length: options.workers ?? 0 }, async (_, i) => {
        const worker = await startWorker({
          entry: path.join(path.dirname(options.entry), 'worker.js'),
          env: { ...shared, APP_URL: appUrl, DATA_DIR: path.join(dir, `worker-${i + 1}`) },
        });
        children.add(worker.process);
        stops.push(() => stopWorker(worker));
        if (worker.process.exitCode !== null)
          throw new Error(`synthesis worker ${i + 1} exited: ${worker.log()}`);
        return worker;
      }),
    );
    let nginx: TestNginx | null = null;
    if (options.nginx) {
      nginx = await startNginx(
        servers.map((s) => s.port),
        proxyPort,
      );
      children.add(nginx.process);
      stops.push(() => nginx!.stop());
    }
    return {
      url: nginx?.url ?? appUrl,
      servers,
      workers,
      nginx,
      databaseUrl,
      outboxDir,
      env: shared,
      query: async (text, values) => (await pool.query(text, values)).rows,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
