import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CAMERA_DENIED, NO_RECORDER } from '../web/src/features/rehearsal/self-tape/takes';
import config from './playwright.config';
import { signInByMagicLink } from './helpers';
import { createScene } from './rehearsal-cue-tools';
import { fakeCameraArgs, openSelfTape } from './self-tape-tools';

/** Self-tapes (issue 34) when the browser refuses the camera, or cannot record at all. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-self-tape-refused-'));
const configured = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...configured,
    // A refused permission prompt needs the browser's prompts: the headless shell has none,
    // and fails the request as if the camera were busy.
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    args: [...(configured.args ?? []), ...fakeCameraArgs(tmp), '--deny-permission-prompts'],
  },
});
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('a refused camera says so and offers to try again; a browser without MediaRecorder says so', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInByMagicLink(context.request, `self-tape-denied-${Date.now()}@e2e.test`);
  const scriptId = await createScene(context.request, 'the stage door', [
    ['BEN', 'You locked me out again.'],
    ['ANNA', 'You were late again.'],
  ]);
  await openSelfTape(page, scriptId);
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await expect(page.getByRole('alert')).toHaveText(CAMERA_DENIED);
  const again = page.getByRole('button', { name: 'Try again' });
  await expect(again).toBeVisible();
  await again.click();
  await expect(page.getByRole('alert')).toHaveText(CAMERA_DENIED);
  await expect(page.getByRole('button', { name: 'Record a take' })).toHaveCount(0);

  await page.addInitScript(() => {
    delete (window as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: NO_RECORDER })).toBeVisible();
});
