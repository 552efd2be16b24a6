import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Environment settings that point the app at this server (STORAGE_URL with the prefix). */
  env(prefix?: string): Record<string, string>;
  /** Holds every request from now on, unread, until the returned function releases them. */
  stall(): () => void;
  /** Every request the server was sent (method, path, Range header), oldest first. */
  requests: { method: string; url: string; range: string | undefined }[];
  close(): Promise<void>;
}

/**
 * s3rver (an S3-compatible server from the npm registry) on a free loopback port with one empty
 * bucket in a temporary folder, so the S3 adapter is tested with the real AWS SDK.
 */
export async function startS3Server(
  options: { bucket?: string; port?: number; directory?: string } = {},
): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'doublecast-test';
  const own = !options.directory;
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const requests: TestS3Server['requests'] = [];
  server.httpServer!.prependListener('request', (req) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range });
  });
  // stall(): requests wait, unread, until released (a service that has fallen behind).
  const http = server.httpServer!;
  const handlers = http.listeners('request') as ((...args: unknown[]) => void)[];
  http.removeAllListeners('request');
  let held: (() => void)[] | null = null;
  http.on('request', (...args: unknown[]) => {
    const handle = () => handlers.forEach((h) => h.apply(http, args));
    if (held) held.push(handle);
    else handle();
  });
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    requests,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stall() {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = null;
        waiting.forEach((handle) => handle());
      };
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      if (own) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
