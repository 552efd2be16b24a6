/**
 * Issue 15: first paint on a phone. Lighthouse (mobile form factor, simulated throttling, the
 * performance category only) in Debian's Chromium against the production build: the server
 * bundle with the built web app (web/dist, built here when missing), served by a private server
 * on a private SQLite database with one published blog post and one signed-in user. Each page's
 * figures are the median of 5 runs (1 of two pages under BENCH_SMOKE=1), printed beside the goals:
 * public pages LCP <= 1.8 s, TBT <= 150 ms, CLS <= 0.05, performance >= 0.95; /studio (signed in)
 * performance >= 0.9; /practice and a script's run page /practice/{id} (signed in, issue 30)
 * LCP <= 1.8 s and performance >= 0.95.
 *
 * BENCH_WEB_DIST and BENCH_SERVER_BUNDLE measure another build (a before/after comparison);
 * CHROME_PATH picks the browser (default /usr/bin/chromium); BENCH_LIGHTHOUSE_PAGES (comma-separated
 * paths, `/blog/{slug}` for the post) measures only those pages; BENCH_LIGHTHOUSE_JSON names a
 * folder to keep each run's Lighthouse report in (to read what the simulation thinks the paint
 * waited for: 'largest-contentful-paint', 'critical-request-chains', 'network-requests').
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedUsers } from '../server/src/test/real-server';
import { startBenchServer } from './bench-server';
import { SAMPLE_SCRIPT } from '../common/src/scripts';
import { failsBar, sized, SMOKE } from './smoke';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? sized(5, 1));
const PUBLIC_GOAL = { lcpMs: 1800, tbtMs: 150, cls: 0.05, score: 0.95 };
const SIGNED_IN_GOAL = { score: 0.9 };
/** Actors open Practice on their phones (issue 30). */
const REHEARSAL_GOAL = { lcpMs: 1800, score: 0.95 };
const SLUG = 'rehearsing-with-a-reader';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'web', 'dist'));
if (!process.env.BENCH_WEB_DIST && !fs.existsSync(path.join(webDist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
}
const { server, sqliteFile, stop } = await startBenchServer('lighthouse', {
  env: { WEB_DIST_DIR: webDist },
});

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire for the whole page load. */
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function seedBlogPost(sqliteFile: string): void {
  const db = new SQLite(sqliteFile);
  db.pragma('busy_timeout = 5000');
  const at = new Date(Date.now() - 86_400_000).toISOString();
  const paragraphs = Array.from(
    { length: 8 },
    (_, i) =>
      `<p>Paragraph ${i + 1}: a reader who gives you the same cue, at the same pace, every time ` +
      `lets you find the moment in the scene instead of waiting for your partner to find theirs. ` +
      `Rehearse the beat, listen, answer, and record the take when it feels alive.</p>`,
  ).join('');
  db.prepare(
    `insert into blog_posts (id, title, slug, excerpt, content, author, tags, featured_image,
       published, views, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'Doublecast', '["self-tape","rehearsal"]', null, 1, 0, ?, ?)`,
  ).run(
    randomUUID(),
    'Rehearsing with a reader',
    SLUG,
    'Why a steady reader makes a better self-tape.',
    `<h2>Why a reader</h2>${paragraphs}`,
    at,
    at,
  );
  db.close();
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART) is tried again. */
async function measure(url: string, chromePort: number, cookie?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(url, chromePort, cookie);
    } catch (e) {
      if (attempt >= 3) throw e;
      console.log(`(${(e as Error).message}; trying again)`);
    }
  }
}

async function measureOnce(url: string, chromePort: number, cookie?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const keep = process.env.BENCH_LIGHTHOUSE_JSON;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${randomUUID().slice(0, 8)}.json`;
    fs.writeFileSync(path.join(keep, name), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  seedBlogPost(sqliteFile);
  const [user] = seedUsers(sqliteFile, 1, {
    tier: 'paid',
    cookieName: '__Host-dc_session',
    emailPrefix: 'lighthouse',
  });
  // A script to open the run page of, made through the API as a user would.
  const made = await fetch(server.url('/api/scripts'), {
    method: 'POST',
    headers: {
      cookie: user!.cookie,
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify({ title: SAMPLE_SCRIPT.title, content: SAMPLE_SCRIPT.content }),
  });
  if (made.status !== 201) throw new Error(`could not make a script: ${made.status}`);
  const scriptId = ((await made.json()) as { id: string }).id;
  const allPages: { path: string; cookie?: string }[] = [
    { path: '/' },
    { path: '/voices' },
    { path: '/pricing' },
    { path: '/blog' },
    { path: `/blog/${SLUG}` },
    { path: '/studio', cookie: user!.cookie },
    { path: '/practice', cookie: user!.cookie },
    { path: `/practice/${scriptId}`, cookie: user!.cookie },
  ];
  // BENCH_LIGHTHOUSE_PAGES=/studio,/practice measures only those pages (while working on them).
  // The smoke run measures a public page and a signed-in one: that proves the whole path.
  const only =
    process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()) ??
    (SMOKE ? ['/', '/practice/{id}'] : undefined);
  const pages = only
    ? allPages.filter(
        (p) =>
          only.includes(p.path) ||
          (p.path.startsWith('/blog/') && only.includes('/blog/{slug}')) ||
          (p.path.startsWith('/practice/') && only.includes('/practice/{id}')),
      )
    : allPages;
  const head = ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'KiB', 'goal'];
  const rows: string[][] = [];
  let missed = false;
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await measure(server.url(page.path), chrome.port, page.cookie));
    }
    const f: Figures = {
      score: median(runs.map((r) => r.score)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      bytes: median(runs.map((r) => r.bytes)),
    };
    const signedIn = page.cookie !== undefined;
    const rehearsal = page.path.startsWith('/practice');
    const met = rehearsal
      ? f.score >= REHEARSAL_GOAL.score && f.lcpMs <= REHEARSAL_GOAL.lcpMs
      : signedIn
        ? f.score >= SIGNED_IN_GOAL.score
        : f.score >= PUBLIC_GOAL.score &&
          f.lcpMs <= PUBLIC_GOAL.lcpMs &&
          f.tbtMs <= PUBLIC_GOAL.tbtMs &&
          f.cls <= PUBLIC_GOAL.cls;
    missed ||= !met;
    const goal = rehearsal
      ? `>= ${REHEARSAL_GOAL.score}, LCP <= ${REHEARSAL_GOAL.lcpMs / 1000} s`
      : signedIn
        ? `performance >= ${SIGNED_IN_GOAL.score}`
        : `>= ${PUBLIC_GOAL.score}, LCP <= ${PUBLIC_GOAL.lcpMs / 1000} s, TBT <= ${PUBLIC_GOAL.tbtMs} ms, CLS <= ${PUBLIC_GOAL.cls}`;
    rows.push([
      (page.path.startsWith('/practice/') ? '/practice/{id}' : page.path) +
        (signedIn ? ' (signed in)' : ''),
      f.score.toFixed(2),
      `${(f.fcpMs / 1000).toFixed(2)} s`,
      `${(f.lcpMs / 1000).toFixed(2)} s`,
      `${f.tbtMs.toFixed(0)} ms`,
      f.cls.toFixed(3),
      (f.bytes / 1024).toFixed(0),
      `${met ? 'met' : 'NOT met'} (${goal})`,
    ]);
  }
  const widths = head.map((x, i) => Math.max(x.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(
    `Lighthouse ${lighthouseVersion()}, mobile, simulated throttling, median of ${RUNS} run(s) per page; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n`,
  );
  console.log(line(head));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of rows) console.log(line(r));
  if (failsBar(missed)) process.exitCode = 1;
} finally {
  chrome.kill();
  await stop();
}

function lighthouseVersion(): string {
  const pkg = path.join(root, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}
