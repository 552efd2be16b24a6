import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vadAssets } from './web/vad-assets';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Each file gets its own database; files run in parallel on the two cores.
          pool: 'forks',
        },
      },
      {
        plugins: [react(), vadAssets()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
