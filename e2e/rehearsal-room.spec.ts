import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appReady, markOutbox, readMailLink, refusedByPolicy, signInByMagicLink } from './helpers';
import {
  createScene,
  installFakeRecognition,
  readTimeline,
  say,
  setUpRun,
  watchPage,
} from './rehearsal-cue-tools';

/**
 * Issue 30, the rehearsal room: found at once (Rehearse in the header, free users land on
 * Practice with a sample scene), timed like a scene partner (beats, response delay), a cue that
 * listens for the line (scripted speech recognition; Chromium's fake microphone for the
 * detector), and a line check that teaches (word diff, ladder, runs kept on the server).
 * E2E_SHOTS_DIR, when set, keeps screenshots of the pages.
 */

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Your line|speaking|takes a beat|Ready|End|Paused/ });
const current = (page: Page) => page.locator('li[aria-current="step"]');

test('a new user finds Rehearse in the header, lands on Practice after sign-up and runs the sample scene', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const refused = refusedByPolicy(page);
  const email = `room-new-${Date.now()}@e2e.test`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/sign-up');
  await appReady(page);
  const mark = markOutbox();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText(/Magic link sent|Check your inbox/)).toBeVisible();
  await page.goto(await readMailLink(email, '/finish-sign-up', mark));

  // A free user with no page asked for lands on Practice, not the Studio's paywall.
  await expect(page).toHaveURL(/\/practice$/, { timeout: 20_000 });
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Rehearse' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Rehearse' })).toHaveAttribute('href', '/practice');
  await expect(page.getByRole('link', { name: /My Scripts/ })).toBeVisible();
  const script = page.getByLabel('Script');
  await expect(script.locator('option:checked')).toHaveText(
    'Sample scene: The Last Train (sample)',
  );
  await shot(page, 'room-practice-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: 'Rehearse' })).toBeVisible();
  await shot(page, 'room-menu-390');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(mobile).toBeHidden();
  await shot(page, 'room-practice-390');

  // One click runs the sample: play MAYA against a fast voice for JONAH.
  await page.getByLabel('My role').selectOption('MAYA');
  const jonah = page.getByLabel(/^JONAH/);
  const rupert = await jonah.locator('option', { hasText: /^Rupert/ }).textContent();
  await jonah.selectOption({ label: rupert! });
  await page.getByRole('button', { name: 'Start rehearsal' }).click();
  await expect(page).toHaveURL(/\/practice\/[^/]+$/);
  await expect(status(page)).toHaveText(/JONAH is speaking/, { timeout: 30_000 });
  await shot(page, 'room-run-390');
  // Tap through MAYA's seven lines: Continue, Space and Enter all cue.
  for (let line = 0; line < 7; line++) {
    await expect(status(page)).toHaveText(/^Your line/, { timeout: 30_000 });
    if (line % 3 === 0) await page.getByRole('button', { name: 'Continue' }).click();
    else {
      // The key is the cue when no control has the focus (on a button it presses the button).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(line % 3 === 1 ? 'Space' : 'Enter');
    }
  }
  await expect(status(page)).toHaveText('End of scene', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'This run' })).toBeVisible();
  const runs = page.getByRole('region', { name: 'Your runs of this scene' });
  await expect(runs.getByRole('listitem')).toHaveCount(1);
  await expect(runs.getByRole('listitem')).toContainText('MAYA');
  await expect(runs.getByRole('listitem')).toContainText('not checked');

  // The run is the server's: it is there after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play scene' })).toBeVisible();
  await expect(runs.getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'room-run-1280');
  expect(refused).toEqual([]);
});

test.describe('with speech recognition (a scripted recogniser)', () => {
  test('waits through a beat, answers within moments of the last words, shows a missed word, and moves a line down the ladder', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await signInByMagicLink(context, `room-words-${Date.now()}@e2e.test`);
    const id = await createScene(context.request, 'Words', [
      ['BEN', 'Where were you?'],
      ['ANNA', 'I went out walking (beat) down to the river and back.'],
      ['BEN', 'Alone?'],
      ['ANNA', 'Not the whole time.'],
      ['BEN', 'I see.'],
    ]);
    await installFakeRecognition(page);
    await watchPage(page);
    await setUpRun(page, id);
    await page.getByLabel('At my lines, go on').selectOption('voice');
    await page.getByLabel('My lines', { exact: true }).selectOption('ladder');
    await expect(
      page.getByLabel(/Follow my words with the browser.s speech recognition/),
    ).toBeChecked();
    await expect(page.getByText(/send speech to their maker’s service/)).toBeVisible();

    const playsNow = async () => (await readTimeline(page)).playing.length;
    const runOnce = async (secondLine: string) => {
      await page.getByRole('button', { name: /Play scene|Run again/ }).click();
      await expect(status(page)).toHaveText(
        'Your line. The partner answers when you have said it.',
        {
          timeout: 30_000,
        },
      );
      const before = await playsNow();
      // 4 of the line's 10 words, then the recogniser's final result: a pause at the beat.
      await say(page, 'I went out walking', 120, true);
      await page.waitForTimeout(1_800);
      expect(await playsNow(), 'the partner waited through the beat').toBe(before);
      await expect(current(page)).toContainText('I went out walking');
      const last = await say(page, 'down to the river and back', 120, false);
      await expect.poll(playsNow, { timeout: 10_000 }).toBeGreaterThan(before);
      const answered = (await readTimeline(page)).playing[before]!.t - last;
      await expect(status(page)).toHaveText(/^Your line/, { timeout: 30_000 });
      const before2 = await playsNow();
      await say(page, secondLine, 120, true);
      await expect.poll(playsNow, { timeout: 10_000 }).toBeGreaterThan(before2);
      await expect(status(page)).toHaveText('End of scene', { timeout: 30_000 });
      return answered;
    };

    const first = await runOnce('not whole time');
    console.log(`recognition: partner ${Math.round(first)} ms after the last word`);
    test
      .info()
      .annotations.push({ type: 'answered after', description: `${Math.round(first)} ms` });
    // A wide bound that still fails if the partner went on for another reason; the 400 ms bar
    // is measured by bench/rehearsal.bench.ts.
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(1_000);
    const check = page.getByRole('region', { name: 'Line check' });
    await expect(check).toContainText('Your last line: 75%');
    await expect(check).toContainText('1 missed');
    await expect(check.locator('del', { hasText: 'the' })).toContainText('missed: the');
    await shot(page, 'room-line-check');

    // A second run with both lines right: the first line was right twice and goes down the
    // ladder to first letters; the second, missed once, is still shown.
    const second = await runOnce('not the whole time');
    console.log(`recognition, second run: partner ${Math.round(second)} ms after the last word`);
    const lines = page.getByRole('list', { name: 'Scene' }).getByRole('listitem');
    await expect(lines.nth(1)).toContainText('ladder: first letters');
    await expect(lines.nth(1)).toContainText('I w o w d t t r a b.');
    await expect(lines.nth(3)).toContainText('ladder: shown');
    await expect(lines.nth(3)).toContainText('Not the whole time.');

    const summary = page.getByRole('region', { name: 'This run' });
    await expect(summary).toContainText('Accuracy 100% over 2 checked lines.');
    await expect(summary.getByRole('button', { name: 'Loop line 4' })).toBeVisible();
    const runs = page.getByRole('region', { name: 'Your runs of this scene' });
    await expect(runs.getByRole('listitem')).toHaveCount(2);
    await expect(runs.getByRole('listitem').first()).toContainText('100%');
    await expect(runs.getByRole('listitem').nth(1)).toContainText('88%');
    await expect(
      runs.getByRole('img', { name: /Accuracy from 88% to 100% over 2 runs/ }),
    ).toBeVisible();
    await shot(page, 'room-ladder');

    // The trouble spot is one tap from a loop of it, with its cue line before it.
    await summary.getByRole('button', { name: 'Loop line 4' }).click();
    await expect(page.getByRole('checkbox', { name: 'Loop' })).toBeChecked();
    await expect(page.getByLabel('Loop from line')).toHaveValue('2');
    await expect(page.getByLabel('Loop to line')).toHaveValue('3');

    // The ladder is remembered for the script, like the other choices. (The reload ends the
    // loop: a Pause here raced the short partner line, over by then on a busy machine.)
    await page.reload();
    await expect(page.getByLabel('My lines', { exact: true })).toHaveValue('ladder');
    await expect(lines.nth(1)).toContainText('I w o w d t t r a b.');
    await expect(runs.getByRole('listitem')).toHaveCount(2);
  });
});
