import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** The newest installed PostgreSQL's programs folder (Debian: /usr/lib/postgresql/N/bin). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed (run scripts/setup.sh)');
  return path.join(root, versions.at(-1)!, 'bin');
}

export interface TestPostgres {
  /** A superuser URL (database postgres). */
  url: string;
  stop(): void;
}

/**
 * A superuser URL for tests that need PostgreSQL whatever pass they run in: the one
 * scripts/with-postgres.sh started (TEST_DATABASE_URL), or a throwaway cluster on a free loopback
 * port, as that script makes, removed by stop().
 */
export async function usePostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => undefined };
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-pg-'));
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) execFileSync('chown', ['postgres', dir]);
  const run = (program: string, args: string[]) => {
    const [cmd, ...pre] = [...asPostgres, path.join(bin, program)];
    execFileSync(cmd!, [...pre, ...args], { stdio: 'ignore' });
  };
  const port = await freePort();
  run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  run('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [cmd, ...pre] = [...asPostgres, path.join(bin, 'pg_ctl')];
      spawnSync(cmd!, [...pre, '-D', `${dir}/data`, '-m', 'immediate', 'stop'], {
        stdio: 'ignore',
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
