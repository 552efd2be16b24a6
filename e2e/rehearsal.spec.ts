import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cuePauseMs } from '@doublecast/common/rehearsal';
import { makeReaderTrack, refusedByPolicy, signInByMagicLink } from './helpers';

const SCENE = `INT. STAGE DOOR - NIGHT

A busker, BEN, packs up his guitar. ANNA, a stage manager, locks the door. She turns.

BEN
You locked me out again.

ANNA
You were late again.

BEN
(grinning)
Fair enough. See you tomorrow.

ANNA
Tomorrow, then.
`;
const ANNA_LINES = ['You were late again.', 'Tomorrow, then.'];

const plays = (page: Page) =>
  page.evaluate(() => (window as unknown as { __plays?: number }).__plays ?? 0);
const audioPaused = (page: Page) =>
  page.evaluate(() => document.querySelector('audio')?.paused ?? true);

test('import a two-character scene, rehearse one role with tap-to-continue, hidden lines, and a reader track', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const refused = refusedByPolicy(page);
  await signInByMagicLink(context.request, `rehearsal-${Date.now()}@e2e.test`);

  // Import the scene as a Fountain file; the server splits it into lines and characters.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-scene-'));
  const file = path.join(dir, 'stage-door.fountain');
  fs.writeFileSync(file, SCENE);
  await page.goto('/scripts');
  await expect(page.getByRole('heading', { name: 'My Scripts' })).toBeVisible();
  await page.getByLabel(/Script file/).setInputFiles(file);
  await expect(page.getByText('Imported "stage door".')).toBeVisible();
  await expect(page.getByText('2 characters, 4 speeches, 1 scene.')).toBeVisible();
  await page.getByRole('button', { name: 'Check every line' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Script' })).toBeVisible();
  await expect(page.getByLabel('Rename BEN')).toBeVisible();
  await expect(page.getByLabel('Rename ANNA')).toBeVisible();
  await page.getByRole('button', { name: 'Save Script' }).click();
  await expect(page.getByRole('heading', { name: 'stage door' })).toBeVisible();

  // Take ANNA; BEN gets a voice; the cost is shown before the first run.
  await page.getByRole('link', { name: 'Practice stage door' }).click();
  await expect(page.getByRole('heading', { name: 'Practice' })).toBeVisible();
  await page.getByLabel('My role').selectOption('ANNA');
  const benVoice = page.getByLabel(/^BEN/);
  await expect(benVoice).toBeVisible();
  const voiceOptions = await benVoice.locator('option').allTextContents();
  expect(voiceOptions.length).toBeGreaterThan(0);
  await benVoice.selectOption({ index: 0 });
  const benChars = 'You locked me out again.'.length + 'Fair enough. See you tomorrow.'.length;
  await expect(
    page.getByText(`This scene will use ${benChars} characters`, { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText('of 10,000 characters left this month', { exact: false }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Start rehearsal' }).click();
  // Start rehearsal opens the script's run page and starts the scene; opened again by its
  // address, the page waits for Play scene.
  await expect(page).toHaveURL(/\/practice\/[^/]+$/);
  await expect(page.getByRole('button', { name: /^(Pause|Continue)$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play scene' })).toBeVisible();
  await page.locator('audio').first().waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const w = window as unknown as { __plays: number };
    w.__plays = 0;
    document.querySelector('audio')!.addEventListener('playing', () => w.__plays++);
  });
  await page.getByRole('button', { name: 'Play scene' }).click();

  // BEN's line plays; the player stops at ANNA's line and waits for the tap.
  await expect.poll(() => plays(page)).toBeGreaterThanOrEqual(1);
  const status = page
    .getByRole('status')
    .filter({ hasText: /Your line|speaking|Ready|Paused|End/ });
  await expect(status).toHaveText('Your line. Tap Continue or press Space when you are done.', {
    timeout: 30_000,
  });
  const current = page.locator('li[aria-current="step"]');
  await expect(current).toContainText('ANNA (you)');
  await expect(current).toContainText('You were late again.');
  expect(await audioPaused(page)).toBe(true);
  const playsAtCue = await plays(page);

  // Hide my lines, then reveal the current one with "Line?".
  await page.getByLabel('My lines', { exact: true }).selectOption('hidden');
  await expect(current).toContainText('Your line (hidden)');
  await expect(current).not.toContainText('You were late again.');
  await page.getByRole('button', { name: 'Line?' }).click();
  await expect(current).toContainText('You were late again.');
  await expect(page.getByRole('button', { name: 'Line?' })).toHaveCount(0);

  // The tap moves on: BEN's next line plays, then the player waits at ANNA's last line.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => plays(page)).toBeGreaterThan(playsAtCue);
  await expect(current).toContainText('Your line (hidden)', { timeout: 30_000 });
  await expect(status).toHaveText('Your line. Tap Continue or press Space when you are done.');
  await page.keyboard.press('Space');
  await expect(status).toHaveText('End of scene');

  // The player measured BEN's two lines while they played.
  const partnerSeconds = await page.$$eval('li[data-audio-seconds]', (items) =>
    items.map((li) => Number((li as HTMLElement).dataset.audioSeconds)),
  );
  expect(partnerSeconds).toHaveLength(2);

  // The reader track: BEN's audio plus pauses sized to ANNA's lines, downloadable.
  await page.getByRole('link', { name: 'Back to setup' }).click();
  await page.getByLabel('My role').selectOption('ANNA');
  await expect(page.getByText('This scene will use 0 characters', { exact: false })).toBeVisible();
  const seconds = await makeReaderTrack(page, dir);
  const expected =
    partnerSeconds.reduce((a, b) => a + b, 0) +
    ANNA_LINES.reduce((a, l) => a + cuePauseMs(l) / 1000, 0);
  expect(Math.abs(seconds - expected)).toBeLessThan(0.25);
  fs.rmSync(dir, { recursive: true, force: true });

  // The script can be deleted from My Scripts after its confirmation (docs/glossary.md#scripts).
  await page.goto('/scripts');
  await page.getByRole('button', { name: 'Delete stage door' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete script' });
  await expect(confirm.getByText('Are you sure you want to delete this script?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'stage door' })).toHaveCount(0);
  await expect(page.getByText('Failed to delete script')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('signed-out visitors to /scripts and /practice see the home page', async ({ page }) => {
  for (const url of ['/scripts', '/practice']) {
    await page.goto(url);
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: 'My Scripts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Practice' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  }
});
