import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from '../chromium';

/**
 * The multi-process proof (issue 16, decision 244): scale-out.spec.ts starts PostgreSQL, s3rver,
 * two server processes of the production build (server/dist, web/dist, or the private build that
 * E2E_SERVER_ENTRY and E2E_WEB_DIST_DIR name), synthesis workers and nginx, then drives Chromium
 * through them. `npm run test:scale`.
 */
// Made once by the runner; its workers load this file again and inherit the variable.
process.env.DC_SCALE_OUT_RESULTS ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dc-scale-out-'));

export default defineConfig({
  testDir: '.',
  testMatch: 'scale-out.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 150_000,
  // Everything, start-up and shut-down included, or the step fails.
  globalTimeout: 8 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: process.env.DC_SCALE_OUT_RESULTS,
  use: { trace: 'off', launchOptions: chromiumLaunch },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
