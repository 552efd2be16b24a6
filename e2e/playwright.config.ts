import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { makeVoiceModelsDir } from '../server/src/test/voice-models';
import { chromiumLaunch } from './chromium';

/**
 * Journeys in Debian's Chromium against the production build, with a temporary data folder
 * (SQLite database and mail outbox) made fresh for each run.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const baseURL = `http://localhost:${port}`;
// Every voice engine in one catalogue: the tiny neural models (made once per run) and a fake
// OpenAI-compatible speech server beside the offline voices.
const voiceModelsDir = path.join(dataDir, 'voice-models');
if (!fs.existsSync(voiceModelsDir)) {
  fs.mkdirSync(voiceModelsDir, { recursive: true });
  makeVoiceModelsDir({ into: voiceModelsDir });
}
const speechServerPort = port + 1;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The multi-process proof starts its own installation (scale-out/playwright.config.ts).
  testIgnore: 'scale-out/**',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(dataDir, 'test-results'),
  use: {
    baseURL,
    // Recording a trace for every journey costs Chromium about a sixth of the run; a failure
    // still leaves its page snapshot (error-context.md). `--trace retain-on-failure` brings it back.
    trace: 'off',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx tsx server/src/test/fakes/fake-openai-speech.ts ${speechServerPort}`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${speechServerPort}/v1/audio/voices`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // E2E_SERVER_ENTRY and E2E_WEB_DIST_DIR let several builds be tested side by side.
      command: `node ${process.env.E2E_SERVER_ENTRY ?? 'server/dist/index.js'}`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        // One admin per journey, so no journey meets another's mail limit (3 per email).
        ADMIN_EMAILS:
          'admin@e2e.test,people-admin@e2e.test,blog-admin@e2e.test,blog-page-admin@e2e.test,editor-admin@e2e.test,editor-tools-admin@e2e.test,monitor-admin@e2e.test,voices-admin@e2e.test,header-admin-with-a-long-address@e2e.test,guard-admin@e2e.test',
        // Every journey comes from loopback; the helpers that sign users in by API act as a
        // proxy and name a client address of their own (see signInByMagicLink).
        TRUSTED_PROXIES: '127.0.0.1',
        LOG_LEVEL: 'warn',
        VOICE_MODELS_DIR: voiceModelsDir,
        VOICE_MODEL_WORKERS: '1',
        OPENAI_TTS_BASE_URL: `http://127.0.0.1:${speechServerPort}/v1`,
        ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      },
    },
  ],
});
