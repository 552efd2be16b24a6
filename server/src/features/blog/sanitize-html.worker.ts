import { parentPort } from 'node:worker_threads';
import { sanitizeHtml } from './sanitize-html';

/** The blog sanitiser's worker thread: one body at a time, answered by id (sanitize-off-loop.ts). */
parentPort?.on('message', (message: { id: number; input: string }) => {
  try {
    parentPort?.postMessage({ id: message.id, html: sanitizeHtml(message.input) });
  } catch (e) {
    parentPort?.postMessage({ id: message.id, failure: e instanceof Error ? e.message : 'failed' });
  }
});
