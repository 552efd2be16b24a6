/**
 * What the HTTP benchmarks share: autocannon runs that cycle through signed-in users' cookies,
 * a timed POST /api/readings (time to the first audio byte), medians and a Markdown table.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';

export interface LoadRun {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * GET `url` from `connections` connections for `duration` seconds, each request with the cookie of
 * the next user in turn and `headers` besides. autocannon runs in a process of its own
 * (bench/load-generator.mjs says why), which keeps this process's CPU affinity.
 */
export async function loadWithCookies(
  url: string,
  cookies: string[],
  options: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<LoadRun> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load-generator.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  child.stdin.end(JSON.stringify({ url, cookies, ...options, headers: options.headers ?? {} }));
  const [code, signal] = await exited;
  if (code !== 0) throw new Error(`load generator exited with ${code ?? signal}`);
  return JSON.parse(out) as LoadRun;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface TimedReading {
  /** From sending the request to the first byte of audio. */
  firstByteMs: number;
  totalMs: number;
  status: number;
  bytes: number;
}

/** POST /api/readings at `origin` as the web app sends it, timed to its first and last byte. */
export function timeReading(
  origin: string,
  cookie: string,
  body: { voiceId: string; text: string; scene?: unknown },
): Promise<TimedReading> {
  const json = JSON.stringify(body);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/api/readings`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(json),
          'sec-fetch-site': 'same-origin',
          cookie,
        },
      },
      (res) => {
        let first = 0;
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          if (!first) first = performance.now();
          bytes += c.length;
        });
        res.on('end', () =>
          resolve({
            firstByteMs: first - start,
            totalMs: performance.now() - start,
            status: res.statusCode ?? 0,
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(json);
  });
}

/** Prints rows under `head` as a Markdown table. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((x, i) => Math.max(x.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(line(head));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of rows) console.log(line(r));
}
