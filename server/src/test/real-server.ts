/**
 * Test support (not used by the product): runs the real server entry (server/src/index.ts) as a
 * child process on a private data folder, and signs users in by writing session rows straight
 * into its SQLite file (or PostgreSQL database), so reliability tests and benchmarks can drive it
 * over real HTTP.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { untilAnswering } from './until-answering';
export { freePort } from './free-port';

export const SERVER_ENTRY = path.resolve(import.meta.dirname, '../index.ts');

export interface RealServer {
  port: number;
  process: ChildProcess;
  /** Everything the process wrote so far, stdout (the request log) and stderr together. */
  log(): string;
  url(pathname: string): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  /**
   * CPU time (user + system, of the process and any children it waited for) the server had used
   * when /readyz first answered 200: its start-up cost on a core of its own, whatever else the
   * machine is doing. Read from /proc (Linux).
   */
  readyCpuMs: number;
}

/** CPU milliseconds a process has used so far, from /proc/<pid>/stat (fields 14-17). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ", field 3 (state) is index 0, so utime (14) is index 11.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface StartOptions {
  /** The environment the child starts from (the caller's process.env); ours is laid over it. */
  baseEnv: NodeJS.ProcessEnv;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** Node options placed before the entry (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** A built bundle (buildServerBundle) to run instead of the TypeScript source under tsx. */
  bundle?: string;
  /** Pin the server to this CPU (taskset), as the benchmarks' one core for the server. */
  cpu?: number;
}

export async function startServer(options: StartOptions): Promise<RealServer> {
  const { dataDir, port } = options;
  // Always SQLite in DATA_DIR: the seeding below writes that file.
  const { DATABASE_URL: _url, SQLITE_FILE: _file, ...baseEnv } = options.baseEnv;
  const started = performance.now();
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.bundle ? [options.bundle] : ['--import', 'tsx', SERVER_ENTRY]),
  ];
  // taskset execs node in its own process, so the pid stays the server's.
  const child = spawn(
    options.cpu === undefined ? process.execPath : 'taskset',
    options.cpu === undefined ? args : ['-c', String(options.cpu), process.execPath, ...args],
    {
      env: {
        ...baseEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        APP_URL: `http://127.0.0.1:${port}`,
        WEB_DIST_DIR: '/nonexistent',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const base = `http://127.0.0.1:${port}`;
  if (!(await untilAnswering(child, `${base}/readyz`)))
    throw new Error(`the server exited before it was ready: ${log}`);
  const readyMs = performance.now() - started;
  const readyCpuMs = cpuMs(child.pid!);
  return {
    port,
    process: child,
    log: () => log,
    url: (p) => `${base}${p}`,
    exited,
    readyMs,
    readyCpuMs,
  };
}

/**
 * Bundles the server as `npm run build` does (server/build.mjs), into a private folder inside
 * server/ (so its packages resolve from node_modules): the artifact production runs.
 */
export function buildServerBundle(): { entry: string; remove(): void } {
  const serverDir = path.resolve(import.meta.dirname, '../..');
  const folder = `dist-reliability-${process.pid}-${randomBytes(3).toString('hex')}`;
  execFileSync(process.execPath, ['build.mjs', `${folder}/index.js`], {
    cwd: serverDir,
    stdio: 'inherit',
  });
  return {
    entry: path.join(serverDir, folder, 'index.js'),
    remove: () => fs.rmSync(path.join(serverDir, folder), { recursive: true, force: true }),
  };
}

export interface SeededUser {
  id: string;
  email: string;
  /** Cookie header value carrying a live session. */
  cookie: string;
}

type SeedOptions = { tier?: 'free' | 'paid'; cookieName?: string; emailPrefix?: string };

const INSERT_USER = `insert into users (id, email, role, created_at, updated_at, subscription_status, subscription_tier, plan)
     values (?, ?, 'user', ?, ?, ?, ?, ?)`;
const INSERT_SESSION = `insert into auth_sessions (id, user_id, token, expires_at, created_at, updated_at, last_seen_at)
     values (?, ?, ?, ?, ?, ?, ?)`;

/** The users, their rows and their sessions' rows (for INSERT_USER and INSERT_SESSION). */
function seedRows(count: number, options: SeedOptions) {
  const now = new Date();
  const iso = now.toISOString();
  const expires = new Date(now.getTime() + 30 * 24 * 3600_000).toISOString();
  const paid = options.tier === 'paid';
  const cookieName = options.cookieName ?? 'dc_session';
  const prefix = options.emailPrefix ?? 'seed';
  return Array.from({ length: count }, () => {
    const id = randomUUID();
    const email = `${prefix}-${id}@example.com`;
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    return {
      user: { id, email, cookie: `${cookieName}=${token}` } satisfies SeededUser,
      userRow: [
        id,
        email,
        iso,
        iso,
        paid ? 'active' : 'inactive',
        paid ? 'paid' : 'free',
        paid ? 'monthly' : 'free',
      ],
      sessionRow: [randomUUID(), id, hash, expires, iso, iso, iso],
    };
  });
}

/**
 * Inserts users, each with a live session, in one transaction. The cookie name is the one the
 * server uses over plain http (`dc_session`) unless given. Sessions are marked seen just now, so
 * reads do not rewrite them in the first minute.
 */
export function seedUsers(
  sqliteFile: string,
  count: number,
  options: SeedOptions = {},
): SeededUser[] {
  const db = new SQLite(sqliteFile);
  db.pragma('busy_timeout = 5000');
  const insertUser = db.prepare(INSERT_USER);
  const insertSession = db.prepare(INSERT_SESSION);
  const rows = seedRows(count, options);
  db.transaction(() => {
    for (const r of rows) {
      insertUser.run(...r.userRow);
      insertSession.run(...r.sessionRow);
    }
  })();
  db.close();
  return rows.map((r) => r.user);
}

/** seedUsers on a PostgreSQL database (the server has migrated it). */
export async function seedUsersInPostgres(
  databaseUrl: string,
  count: number,
  options: SeedOptions = {},
): Promise<SeededUser[]> {
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = seedRows(count, options);
  try {
    await client.query('begin');
    for (const r of rows) {
      await client.query(numbered(INSERT_USER), r.userRow);
      await client.query(numbered(INSERT_SESSION), r.sessionRow);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  return rows.map((r) => r.user);
}

/** Headers of a same-origin JSON request, as the web app sends them (docs/glossary.md#S4). */
export function jsonHeaders(cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
    ...(cookie ? { cookie } : {}),
  };
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * One HTTP request over `agent` (node:http, so a test can drop every connection with the agent).
 * Rejects when the connection fails or closes before the whole answer arrived.
 */
export function httpRequest(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('response aborted')));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
