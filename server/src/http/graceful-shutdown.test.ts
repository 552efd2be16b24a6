import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { untilAnswering } from '../test/until-answering';

/** docs/glossary.md#R4: SIGTERM lets in-flight requests finish, refuses new ones, and exits 0. */
describe('graceful shutdown', () => {
  let dir: string;
  let server: ChildProcess;
  let port: number;
  let stderr = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-shutdown-'));
    port = await freePort();
    server = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../index.ts')],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          APP_URL: `http://127.0.0.1:${port}`,
          SHUTDOWN_GRACE_MS: '5000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    server.stderr?.on('data', (d) => (stderr += String(d)));
    // Compiling the server from source takes long on a busy machine: the hook's timeout bounds it.
    if (!(await untilAnswering(server, `http://127.0.0.1:${port}/readyz`)))
      throw new Error(`the server exited before it was ready: ${stderr}`);
  }, 120_000);

  afterAll(() => {
    server.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes requests in flight, then exits 0', async () => {
    const body = JSON.stringify({ name: 'page_view', properties: { path: '/'.padEnd(400, 'x') } });
    // Twenty requests whose bodies are still arriving when SIGTERM lands.
    const sockets = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        socket.write(
          `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nSec-Fetch-Site: same-origin\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
            body.slice(0, 100),
        );
        let response = '';
        socket.on('data', (d) => (response += String(d)));
        const closed = new Promise<string>((r) => socket.once('close', () => r(response)));
        return { socket, closed };
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    for (const { socket } of sockets) socket.end(body.slice(100));
    const responses = await Promise.all(sockets.map((s) => s.closed));
    for (const r of responses) expect(r).toMatch(/^HTTP\/1\.1 204/);
    expect(await exited).toBe(0);
    // Nothing listens any more: a new request is refused.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
