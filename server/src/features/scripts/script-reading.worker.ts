import { parentPort } from 'node:worker_threads';
import { readScriptJob, type ReadJob } from './script-reading';

/** The script-reading worker thread: one job at a time, answered by id (decision 127). */
parentPort?.on('message', (message: { id: number; job: ReadJob }) => {
  try {
    parentPort?.postMessage({ id: message.id, outcome: readScriptJob(message.job) });
  } catch (e) {
    parentPort?.postMessage({ id: message.id, failure: e instanceof Error ? e.message : 'failed' });
  }
});
