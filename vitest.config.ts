import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vadAssets } from './web/vad-assets';

/**
 * Files that load sherpa-onnx, whose espeak-ng keeps the first data folder it was given for the
 * life of the process: each needs a process of its own.
 */
const NATIVE_VOICE_TESTS = [
  'server/src/features/voices/engines/neural.test.ts',
  'server/src/features/voices/install/install-voices.test.ts',
  'server/src/features/voices/voices-neural.test.ts',
];

/**
 * Files that hold a figure measured on the machine (main-thread CPU per request, start-up CPU):
 * a fresh process each, and no other test files beside them.
 */
const TIMED_TESTS = [
  'server/src/http/concurrency.test.ts',
  'server/src/features/scripts/script-reading.test.ts',
];

const serverTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 30_000,
  // Each file gets its own database and runs in a child process beside the others.
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Tests spend much of their time waiting on processes and sockets: two files per core keep
    // the cores busy.
    maxWorkers: 2 * os.availableParallelism(),
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: [...NATIVE_VOICE_TESTS, ...TIMED_TESTS],
          ...serverTest,
          // A file's modules stay loaded for the next file in the same worker: importing the
          // server anew for each file was a third of the run. Each file still builds its own app
          // and database, so no state is shared through them.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-native',
          include: NATIVE_VOICE_TESTS,
          ...serverTest,
        },
      },
      {
        // The test command runs these on their own, after the rest (scripts/test-all.sh).
        test: {
          name: 'server-timed',
          include: TIMED_TESTS,
          ...serverTest,
        },
      },
      {
        plugins: [react(), vadAssets()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // One jsdom per worker instead of per file (a file's own jsdom cost five times its
          // tests). The setup empties the page's storage after every test.
          isolate: false,
        },
      },
    ],
  },
});
