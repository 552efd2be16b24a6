import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/**
 * Posts JSON to the test app over a real socket, as the web app does (listening on a free port
 * first if needed); `onResponse` gets the response as it starts. Returns the request.
 */
export async function postOverSocket(
  t: TestApp,
  options: { path: string; body: unknown; cookie: string; headers?: Record<string, string> },
  onResponse: (res: http.IncomingMessage) => void,
): Promise<http.ClientRequest> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = t.app.server.address() as AddressInfo;
  const body = JSON.stringify(options.body);
  const req = http.request(
    {
      port,
      host: '127.0.0.1',
      path: options.path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        cookie: options.cookie,
        'content-length': Buffer.byteLength(body),
        ...options.headers,
      },
    },
    onResponse,
  );
  req.end(body);
  return req;
}

/**
 * Posts JSON to the test app over a real socket, as the web app does, and hangs up once
 * `enough(bytesReceived)` says so. Resolves with the bytes received by then.
 */
export async function postAndHangUp(
  t: TestApp,
  options: { path: string; body: unknown; cookie: string; enough: (received: number) => boolean },
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no audio')), 10_000);
    let req: http.ClientRequest | undefined;
    void postOverSocket(t, options, (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (options.enough(received)) {
          clearTimeout(timer);
          req?.destroy();
          resolve(received);
        }
      });
    }).then((r) => {
      req = r;
      r.on('error', () => undefined);
    }, reject);
  });
}
