import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker';
import { recentlySanitized, rememberSanitized, sanitizeHtml } from './sanitize-html';

/**
 * Bodies up to this length are sanitised inline; a longer one is parsed three times over (parse5,
 * sanitize-html, parse5) at about 5 µs a character, so a 200,000-character post held the event
 * loop for most of a second on a public page.
 */
export const INLINE_SANITIZE_LIMIT = 4 * 1024;

let worker: Worker | null = null;
let nextId = 1;
const asked = new Map<number, { resolve: (html: string) => void; reject: (e: Error) => void }>();
/** Bodies being sanitised now, so that many visits to one post start one job. */
const inFlight = new Map<string, Promise<string>>();

function threadFor(): Worker {
  if (worker) return worker;
  const w = startModuleWorker(import.meta.url, 'sanitize-html.worker');
  w.on('message', (m: { id: number; html?: string; failure?: string }) => {
    const waiter = asked.get(m.id);
    asked.delete(m.id);
    if (m.html !== undefined) waiter?.resolve(m.html);
    else waiter?.reject(new Error(`blog sanitising failed: ${m.failure}`));
  });
  const lost = (err: Error) => {
    if (worker === w) worker = null;
    for (const waiter of asked.values()) waiter.reject(err);
    asked.clear();
  };
  w.on('error', lost);
  w.on('exit', () => lost(new Error('blog sanitiser stopped')));
  worker = w;
  return w;
}

/**
 * `sanitizeHtml` (docs/glossary.md#S6) without holding the event loop: short bodies and recent
 * results at once, longer bodies in one worker thread, in order. The bodies are the admins'
 * posts, so the jobs waiting are at most the published long posts; no queue limit is needed.
 */
export function sanitizeBlogHtml(input: string): Promise<string> {
  if (input.length <= INLINE_SANITIZE_LIMIT) return Promise.resolve(sanitizeHtml(input));
  const known = recentlySanitized(input);
  if (known !== undefined) return Promise.resolve(known);
  let job = inFlight.get(input);
  if (!job) {
    const id = nextId++;
    job = new Promise<string>((resolve, reject) => {
      asked.set(id, { resolve, reject });
      threadFor().postMessage({ id, input });
    })
      .then((html) => {
        rememberSanitized(input, html);
        return html;
      })
      .finally(() => inFlight.delete(input));
    inFlight.set(input, job);
  }
  return job;
}

/** Stops the worker thread (tests; the server's thread is unreferenced). */
export async function closeBlogSanitizer(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
