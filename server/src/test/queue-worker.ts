/**
 * Test support: a synthesis worker process (the real worker runtime) whose engine is the paced
 * fake (test/paced-engine.ts), set by QUEUE_TEST_CHUNKS, QUEUE_TEST_CHUNK_MS, QUEUE_TEST_VARYING.
 */
import { loadEnvOrExit } from '../env';
import { runWorkerProcess } from '../adapters/synthesis-queue/worker-process';
import { createPacedEngine } from './paced-engine';

void runWorkerProcess(
  loadEnvOrExit(),
  createPacedEngine({
    chunks: Number(process.env.QUEUE_TEST_CHUNKS ?? 5),
    chunkMs: Number(process.env.QUEUE_TEST_CHUNK_MS ?? 50),
    varying: process.env.QUEUE_TEST_VARYING === '1',
  }),
);
