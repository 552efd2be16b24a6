import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { downloadFileName } from '@doublecast/common/download-name';
import {
  dataDir,
  makePaid,
  refusedByPolicy,
  signInByMagicLink,
  waitForStreamingAudio,
} from './helpers';

const SCRIPT = [
  'To be, or not to be, that is the question.',
  'Whether tis nobler in the mind to suffer the slings and arrows of outrageous fortune,',
  'or to take arms against a sea of troubles, and by opposing end them.',
  'To die, to sleep, no more; and by a sleep to say we end the heartache,',
  'and the thousand natural shocks that flesh is heir to.',
  'Tis a consummation devoutly to be wished. To die, to sleep.',
  'To sleep, perchance to dream. Ay, there is the rub,',
  'for in that sleep of death what dreams may come, when we have shuffled off this mortal coil,',
  'must give us pause. There is the respect that makes calamity of so long life.',
].join(' ');

/** Signs a new user in by magic link (read from the outbox) and makes them a paid subscriber. */
async function signInPaid(context: BrowserContext, email: string) {
  await signInByMagicLink(context.request, email);
  makePaid(email);
}

const player = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-studio-player]');
    return a ? { time: a.currentTime, complete: a.dataset.streamComplete, paused: a.paused } : null;
  });

test('a paid user generates a reading, hears it while it streams, downloads it, replays and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const refused = refusedByPolicy(page);
  const email = `studio-${Date.now()}@e2e.test`;
  await signInPaid(context, email);
  const voices = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string; category: string; engine: string }[];
  };
  // An offline voice: its reading takes long enough to be heard while it still streams (the
  // fake speech server's natural voices, listed first, answer at once).
  const voice =
    voices.voices.find((v) => v.category === 'women' && v.engine === 'local') ?? voices.voices[0]!;

  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'Voice Studio' })).toBeVisible();
  await expect(page.getByText('0 of 30,000 characters used this month')).toBeVisible();

  // Step 1: filter, search, choose; the choice locks until "Change Reader".
  await page.getByRole('button', { name: 'Women', exact: true }).click();
  await page.getByLabel('Search voices').fill(voice.name);
  await page.getByRole('button', { name: `Choose ${voice.name}` }).click();
  await expect(page.getByRole('button', { name: 'Change Reader' })).toBeVisible();
  await expect(page.getByLabel('Search voices')).toHaveCount(0);

  // Step 2: the counter shows what is left of the month.
  await page.getByRole('textbox', { name: 'Script' }).fill(SCRIPT);
  await expect(
    page.getByText(`${SCRIPT.length.toLocaleString('en-US')} characters`, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `${(30_000 - SCRIPT.length).toLocaleString('en-US')} left this month after this reading`,
    ),
  ).toBeVisible();

  // Step 3: audio starts before the whole reading has arrived.
  await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
  await waitForStreamingAudio(page);
  await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();

  await expect.poll(async () => (await player(page))?.complete, { timeout: 60_000 }).toBe('true');
  const history = page.getByRole('list', { name: 'Readings' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(
    page.getByText(`${SCRIPT.length.toLocaleString('en-US')} of 30,000 characters used this month`),
  ).toBeVisible();

  // Download: the download-name rule (docs/glossary.md#download-name), an MP3 of the reading's length.
  const item = (await (await context.request.get('/api/readings')).json()).generations[0] as {
    createdAt: string;
    duration: number;
  };
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).first().click();
  const download = await downloadPromise;
  const expectedName = downloadFileName({
    date: new Date(item.createdAt),
    voiceName: voice.name,
    text: SCRIPT,
  });
  expect(download.suggestedFilename()).toBe(expectedName);
  expect(expectedName).toMatch(/^\d{8}_[A-Za-z0-9]+_To_be_or_not_to\.mp3$/);
  const file = path.join(dataDir(), 'studio-download.mp3');
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  // MPEG audio frame sync (after an optional ID3 tag) and a size that fits 128 kbps for its duration.
  const start =
    bytes.subarray(0, 3).toString('latin1') === 'ID3'
      ? 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
      : 0;
  expect(bytes[start]).toBe(0xff);
  expect(bytes[start + 1]! & 0xe0).toBe(0xe0);
  expect(item.duration).toBeGreaterThan(3);
  expect(bytes.length).toBeGreaterThan(item.duration * 16_000 * 0.9);
  expect(bytes.length).toBeLessThan(item.duration * 16_000 * 1.1 + 2_000);

  // Play it from history.
  await page
    .getByRole('button', { name: 'Stop Playback' })
    .click()
    .catch(() => undefined);
  await history.getByRole('listitem').first().getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(async () => (await player(page))?.time ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Stop Playback' }).click();

  // Delete it: the item leaves the list.
  await history.getByRole('listitem').first().getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('No readings yet. Your generated readings will appear here.'),
  ).toBeVisible();
  expect((await (await context.request.get('/api/readings')).json()).generations).toEqual([]);
  expect(refused).toEqual([]);
});

test('?voice= preselects the reader and leaves the address', async ({ page, context }) => {
  await signInPaid(context, `studio-q-${Date.now()}@e2e.test`);
  const voices = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string }[];
  };
  const voice = voices.voices[1] ?? voices.voices[0]!;
  await page.goto(`/studio?voice=${encodeURIComponent(voice.id)}`);
  await expect(page.getByRole('button', { name: 'Change Reader' })).toBeVisible();
  await expect(page.getByText(voice.name, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/studio$/);
  await page.getByRole('button', { name: 'Change Reader' }).click();
  await expect(page.getByLabel('Search voices')).toBeVisible();
});
