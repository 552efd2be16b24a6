import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/** The data folder of the server under test (database, outbox). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

const outboxDir = () => path.join(dataDir(), 'outbox');
const outboxFiles = (): string[] =>
  fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml')) : [];

/** The mail already in the outbox: readMailLink then waits for mail that is not. */
export type OutboxMark = ReadonlySet<string>;
export const markOutbox = (): OutboxMark => new Set(outboxFiles());

/**
 * Waits for a mail to `to` written after `mark` and returns its first link to `pathPrefix`.
 * New mail is told by its file, not by comparing its time with this process's clock: a file's
 * time comes from the kernel's coarse clock and can read earlier than a Date.now() taken before
 * it was written.
 */
export async function readMailLink(
  to: string,
  pathPrefix: string,
  mark: OutboxMark = new Set(),
  timeoutMs = 30_000,
): Promise<string> {
  const toLine = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  const linkPattern = new RegExp(
    `https?://[^\\s"<>]*${pathPrefix.replace(/[/]/g, '\\/')}[^\\s"<>]*`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Names start with the server's Date.now(): newest last.
    const fresh = outboxFiles()
      .filter((f) => !mark.has(f))
      .sort()
      .reverse();
    for (const f of fresh) {
      const text = fs.readFileSync(path.join(outboxDir(), f), 'utf8');
      if (!toLine.test(text)) continue;
      const m = text
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .match(linkPattern);
      if (m) return m[0];
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a ${pathPrefix} link`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let signInCount = 0;

/**
 * Signs a new user in through the magic-link API (the mail is read from the outbox), leaving the
 * session cookie in the cookie jar of the browser context (or request context) it is given.
 * `origin` sends the calls to another address than the base URL (one server process of several).
 */
export async function signInByMagicLink(
  target: BrowserContext | APIRequestContext,
  email: string,
  origin = '',
): Promise<void> {
  const request = 'request' in target ? target.request : target;
  const mark = markOutbox();
  // Each sign-in by API names its own client address (the e2e server trusts loopback as a
  // proxy), so a whole run of journeys does not meet the per-address mail limit of one person.
  signInCount += 1;
  const client = `10.${process.pid % 250}.${(signInCount >> 8) & 255}.${signInCount & 255}`;
  const headers = { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': client };
  const sent = await request.post(`${origin}/api/auth/magic-link`, { data: { email }, headers });
  if (!sent.ok()) throw new Error(`magic link send failed: ${sent.status()}`);
  const link = new URL(await readMailLink(email, '/finish-sign-up', mark));
  const verify = await request.post(`${origin}/api/auth/magic-link/verify`, {
    data: { email, token: link.searchParams.get('token') },
    headers,
  });
  if (!verify.ok()) throw new Error(`magic link verify failed: ${verify.status()}`);
}

/** Opens the server's SQLite database; the caller closes it. */
export function openDb(options: { readonly?: boolean } = {}): Database.Database {
  return new Database(path.join(dataDir(), 'doublecast.sqlite'), options);
}

/** A blog post's view count as the server's database holds it. */
export function viewsOf(slug: string): number {
  const db = openDb({ readonly: true });
  try {
    return (
      db.prepare('SELECT views FROM blog_posts WHERE slug = ?').get(slug) as { views: number }
    ).views;
  } finally {
    db.close();
  }
}

/** Makes a user a paid subscriber by writing the server's SQLite database, as a verified payment would. */
export function makePaid(email: string): void {
  const db = openDb();
  try {
    const changed = db
      .prepare(
        "UPDATE users SET subscription_status = 'active', subscription_tier = 'paid', plan = 'monthly' WHERE email = ?",
      )
      .run(email).changes;
    if (changed !== 1) throw new Error(`no user ${email} to make paid`);
  } finally {
    db.close();
  }
}

/** Waits until the Studio player is playing a reading whose stream has not ended yet. */
export async function waitForStreamingAudio(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const a = document.querySelector<HTMLAudioElement>('audio[data-studio-player]');
      return !!a && a.currentTime > 0 && a.dataset.streamComplete === 'false';
    },
    undefined,
    { timeout, polling: 20 },
  );
}

/**
 * Runs in the page: what, inside `body` as Chromium parsed it, could run script or load an unsafe
 * address. With `htmls`, each is first put into `body` the way React does (innerHTML), in turn.
 * (One self-contained function: Playwright sends its source to the page.)
 */
export function dangersIn(body: Element, htmls: string[] | null): string[] {
  const check = (root: Element) =>
    Array.from(root.querySelectorAll('*')).flatMap((el) => {
      const bad: string[] = [];
      if (/^(script|style|iframe|object|embed|svg|math|form|base|meta|link)$/i.test(el.tagName))
        bad.push(el.tagName);
      for (const a of Array.from(el.attributes)) {
        if (/^on/i.test(a.name)) bad.push(`${el.tagName}[${a.name}]`);
        if ((a.name === 'href' || a.name === 'src') && !/^(https:|mailto:)/.test(a.value))
          bad.push(`${el.tagName}[${a.name}=${a.value}]`);
      }
      return bad;
    });
  if (!htmls) return check(body);
  return htmls.flatMap((html, i) => {
    body.innerHTML = html;
    return check(body).map((d) => `${i}: ${d}`);
  });
}

/**
 * On the rehearsal setup with a role taken: makes the reader track, downloads it into `dir` and
 * answers its length in seconds (sox).
 */
export async function makeReaderTrack(page: Page, dir: string): Promise<number> {
  await page.getByRole('button', { name: 'Make reader track' }).click();
  await page
    .getByRole('heading', { name: 'Reader track ready' })
    .waitFor({ state: 'visible', timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download reader track' }).click(),
  ]);
  const saved = path.join(dir, 'reader-track.mp3');
  await download.saveAs(saved);
  return Number(execFileSync('sox', ['--i', '-D', saved]).toString().trim());
}

/**
 * Waits until the app has taken over the page (web/src/components/layout/app-ready.tsx). A page
 * rendered at build time (/, /voices, /pricing, /blog, /about) is visible and loaded before its
 * scripts run, so a journey waits for this before pressing one of its buttons (links work
 * without it).
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * What the Content-Security-Policy refused on `page` from now on: it allows no inline script or
 * style (decision 142), and a page that needs one is broken in that part.
 */
export function refusedByPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) refused.push(m.text());
  });
  return refused;
}

/**
 * Checks that `locator` shows `text` whole: its text is all there and neither it nor an
 * ancestor that hides overflow cuts it short (an ellipsis or a clipped box). A box that scrolls
 * (a wide table on a phone) does not count: the text can be scrolled to.
 */
export async function expectWhole(locator: Locator, text: string): Promise<void> {
  await expect(locator).toHaveText(text);
  const cut = await locator.evaluate((el) => {
    const found: string[] = [];
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      const hides = ['hidden', 'clip'].includes(style.overflowX);
      if (style.textOverflow === 'ellipsis' && node.scrollWidth > node.clientWidth)
        found.push(`${node.tagName} ends in an ellipsis`);
      else if (hides && node.scrollWidth > node.clientWidth + 1)
        found.push(`${node.tagName} clips ${node.scrollWidth - node.clientWidth}px`);
    }
    return found;
  });
  expect(cut, `"${text}" is cut short`).toEqual([]);
}
