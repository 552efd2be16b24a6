import { loadEnvOrExit } from './env';
import { runWorkerProcess } from './adapters/synthesis-queue/worker-process';

/** Synthesis worker entry (server/dist/worker.js): takes synthesis jobs from the queue (decision 242). */
void runWorkerProcess(loadEnvOrExit());
