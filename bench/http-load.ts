/**
 * What the HTTP benchmarks share: autocannon runs that cycle through signed-in users' cookies,
 * a timed POST /api/readings (time to the first audio byte), medians and a Markdown table.
 */
import http from 'node:http';
import autocannon from 'autocannon';

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
 * GET `url` from `connections` connections for `duration` seconds; each connection cycles through
 * the same prebuilt requests, one per cookie (autocannon builds each request's bytes once, so the
 * load generator costs the same on every route), with `headers` besides the cookie.
 */
export async function loadWithCookies(
  url: string,
  cookies: string[],
  options: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<LoadRun> {
  const r = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    requests: cookies.map((cookie) => ({
      method: 'GET' as const,
      headers: { ...options.headers, cookie },
    })),
  });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
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
  body: { voiceId: string; text: string },
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
