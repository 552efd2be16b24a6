import Piscina from 'piscina';
import { moduleWorkerFile } from '../../lib/module-worker';
import { recentlySanitized, rememberSanitized, sanitizeHtml } from './sanitize-html';

/**
 * Bodies up to this length are sanitised inline; a longer one is parsed three times over (parse5,
 * sanitize-html, parse5) at about 5 µs a character, so a 200,000-character post held the event
 * loop for most of a second on a public page.
 */
export const INLINE_SANITIZE_LIMIT = 4 * 1024;

/** A thread that has had nothing to do for this long ends; the next long body starts one. */
const IDLE_MS = 60_000;

let pool: Piscina<string, string> | null = null;
/** Bodies being sanitised now, so that many visits to one post start one job. */
const inFlight = new Map<string, Promise<string>>();

/** One piscina thread, started with the first long body (none at start, none while idle). */
function poolFor(): Piscina<string, string> {
  if (pool) return pool;
  const { url, execArgv } = moduleWorkerFile(import.meta.url, 'sanitize-html.worker');
  pool = new Piscina<string, string>({
    filename: url.href,
    execArgv,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

/**
 * `sanitizeHtml` (docs/glossary.md#S6) without holding the event loop: short bodies and recent
 * results at once, longer bodies in a piscina worker thread, in order. The bodies are the admins'
 * posts, so the jobs waiting are at most the published long posts; no queue limit is needed.
 */
export function sanitizeBlogHtml(input: string): Promise<string> {
  if (input.length <= INLINE_SANITIZE_LIMIT) return Promise.resolve(sanitizeHtml(input));
  const known = recentlySanitized(input);
  if (known !== undefined) return Promise.resolve(known);
  let job = inFlight.get(input);
  if (!job) {
    job = poolFor()
      .run(input)
      .then((html) => {
        rememberSanitized(input, html);
        return html;
      })
      .finally(() => inFlight.delete(input));
    inFlight.set(input, job);
  }
  return job;
}

/** Stops the worker thread (tests; the server's idle thread is unreferenced). */
export async function closeBlogSanitizer(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
}
