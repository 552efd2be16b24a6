import { parentPort } from 'node:worker_threads';
import { readScriptJob, type ReadJob } from './script-reading';

/** The script-reading worker thread: one job at a time, answered by id (decision 127). */
parentPort?.on('message', (message: { id: number; job: ReadJob }) => {
  try {
    const outcome = readScriptJob(message.job);
    // The answer's encoded content and prepared lines are moved to the main thread, not copied.
    const moved = outcome.ok ? [outcome.script.contentJson, outcome.script.lines?.bytes] : [];
    parentPort?.postMessage(
      { id: message.id, outcome },
      moved.flatMap((bytes) => (bytes && bytes.byteLength > 0 ? [bytes.buffer] : [])),
    );
  } catch (e) {
    parentPort?.postMessage({ id: message.id, failure: e instanceof Error ? e.message : 'failed' });
  }
});
