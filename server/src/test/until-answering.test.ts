import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { untilAnswering } from './until-answering';

describe('untilAnswering', () => {
  it('resolves true once the child answers, and false when it exits first', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [
      '-e',
      `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`,
    ]);
    try {
      expect(await untilAnswering(server, `http://127.0.0.1:${port}/readyz`)).toBe(true);
    } finally {
      server.kill('SIGKILL');
    }
    const quitter = spawn(process.execPath, ['-e', 'process.exit(3)']);
    expect(await untilAnswering(quitter, `http://127.0.0.1:${await freePort()}/`)).toBe(false);
  });
});
