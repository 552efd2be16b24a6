/**
 * Test support (not used by the product): nginx (the Debian package) in front of server
 * processes on loopback, with the site configuration docs/deploy.md gives operators, so the
 * multi-process proof and the scale-out benchmark run the example as written (decision 244).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { untilAnswering } from './until-answering';

const DEPLOY_GUIDE = path.resolve(import.meta.dirname, '../../../docs/deploy.md');
/** The address lines of the guide's upstream block, which the test replaces with its ports. */
const UPSTREAM_SERVER = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;

/** The first ```nginx block of docs/deploy.md: the site configuration operators copy. */
export function deployGuideSiteConfig(): string {
  const guide = fs.readFileSync(DEPLOY_GUIDE, 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block');
  return block;
}

/**
 * The guide's site configuration pointed at `upstreams` (loopback ports) and listening on
 * 127.0.0.1:`port` without TLS. Throws when the guide's block no longer has the shape this
 * relies on (two upstream servers, `listen 80;`), so the guide cannot drift from the test.
 */
export function siteConfig(upstreams: number[], port: number): string {
  const site = deployGuideSiteConfig();
  const lines = [...site.matchAll(UPSTREAM_SERVER)];
  if (lines.length !== 2 || !/^\s*listen 80;/m.test(site))
    throw new Error('docs/deploy.md: the nginx block must name two upstream servers and listen 80');
  const [, indent, parameters] = lines[0]!;
  const servers = upstreams
    .map((p) => `${indent}server 127.0.0.1:${p}${parameters ?? ''};\n`)
    .join('');
  let first = true;
  return site
    .replace(UPSTREAM_SERVER, () => (first ? ((first = false), servers) : ''))
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
}

export interface TestNginx {
  /** http://localhost:{port} (Chromium treats localhost as a secure context: __Host- cookies). */
  url: string;
  port: number;
  process: ChildProcess;
  /** The access log so far: one line per request, `<status> <upstream addresses> <request>`. */
  accessLog(): string;
  /** nginx's error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts `nginx -c <conf> -p <dir>` in the foreground (daemon off) with a configuration made in
 * a temporary folder: pid, logs and temporary files inside it, the guide's site block in `http`.
 * Resolves once a request through it reaches an upstream's /readyz.
 */
export async function startNginx(upstreams: number[], port?: number): Promise<TestNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-nginx-'));
  port ??= await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      // As root, nginx's workers would run as nobody, who cannot use this private folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  log_format upstream '$status $upstream_addr $request';`,
      `  access_log ${dir}/access.log upstream;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${dir}/${t};`,
      ),
      siteConfig(upstreams, port),
      '}',
      '',
    ].join('\n'),
  );
  // Debian installs it in /usr/sbin, which is not on every user's PATH.
  const program = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(program, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  if (!(await untilAnswering(child, `http://127.0.0.1:${port}/readyz`))) {
    const why = `${stderr}${read('error.log')}`;
    await stop();
    throw new Error(`nginx did not start: ${why}`);
  }
  return {
    url: `http://localhost:${port}`,
    port,
    process: child,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop,
  };
}
