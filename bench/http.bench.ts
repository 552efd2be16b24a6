/**
 * docs/glossary.md#P1: requests/s and p99 latency of public routes (JSON and the app shell) against a bare Node
 * http server answering the same bytes, measured in the same run. The server under test runs in
 * its own process (one core); autocannon drives it from this one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sized } from './smoke';
import { untilAnswering } from '../server/src/test/until-answering';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'server/dist/index.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? sized(5, 0.5));
const port = 3900;
const barePort = 3901;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-'));

const server = spawn(process.execPath, [entry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  },
  stdio: 'inherit',
});

async function waitReady(): Promise<void> {
  // However busy the machine: a server that cannot start exits, and that ends the wait.
  if (!(await untilAnswering(server, `http://127.0.0.1:${port}/readyz`)))
    throw new Error('server did not start');
}

interface Result {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

try {
  await waitReady();
  const candidates = ['/api/plans', '/api/voices/featured', '/api/blog/posts', '/'];
  const routes: { path: string; body: Buffer; type: string }[] = [];
  for (const p of candidates) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    if (res.ok)
      routes.push({
        path: p,
        body: Buffer.from(await res.arrayBuffer()),
        type: res.headers.get('content-type') ?? 'text/plain',
      });
  }
  // The baseline: a bare Node server that answers each path with the very same bytes.
  const bare = http.createServer((req, res) => {
    const route = routes.find((r) => r.path === req.url);
    if (!route) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': route.type, 'content-length': route.body.length });
    res.end(route.body);
  });
  await new Promise<void>((r) => bare.listen(barePort, '127.0.0.1', r));

  const rows: string[][] = [];
  for (const route of routes) {
    const base = await load(`http://127.0.0.1:${barePort}${route.path}`);
    const app = await load(`http://127.0.0.1:${port}${route.path}`);
    rows.push([
      route.path,
      String(route.body.length),
      base.rps.toFixed(0),
      app.rps.toFixed(0),
      (app.rps / base.rps).toFixed(2),
      `${base.p99} ms`,
      `${app.p99} ms`,
      String(app.non2xx),
    ]);
  }
  bare.close();
  const head = [
    'route',
    'bytes',
    'bare req/s',
    'app req/s',
    'app/bare',
    'bare p99',
    'app p99',
    'app non-2xx',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(`${CONNECTIONS} connections, ${DURATION} s per run\n`);
  console.log(line(head));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of rows) console.log(line(r));
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
