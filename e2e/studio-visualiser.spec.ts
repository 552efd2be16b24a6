import { expect, test, type Page } from '@playwright/test';
import { makePaid, signInByMagicLink, waitForStreamingAudio } from './helpers';

/**
 * The Now Playing visualiser in Chromium, reading its canvas's pixels: while a voice plays its
 * bars reach across the canvas (not only its left third), and once playback stops they fall to
 * rest instead of staying as they were.
 */

/** The share of the canvas's width where bars rise above the resting line, and the tallest (px). */
const bars = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('section canvas')!;
    const { width, height, data } = canvas
      .getContext('2d')!
      .getImageData(0, 0, canvas.width, canvas.height);
    let lit = 0;
    let tallest = 0;
    for (let x = 0; x < width; x++) {
      let top = height;
      for (let y = 0; y < height; y++)
        if (data[(y * width + x) * 4 + 3]! > 0) top = Math.min(top, y);
      const h = height - top;
      // Above the 2 px resting line.
      if (h > 4) lit += 1;
      tallest = Math.max(tallest, h);
    }
    return { lit: lit / width, tallest };
  });

test('the visualiser spans its canvas while a voice plays and settles when stopped', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `visualiser-${Date.now()}@e2e.test`;
  await signInByMagicLink(context.request, email);
  makePaid(email);
  await page.goto('/studio');
  const voices = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string; engine: string }[];
  };
  // An offline voice, heard while it plays (natural voices, listed first, may be the fake
  // speech server's, which has nothing to hear).
  const voice = voices.voices.find((v) => v.engine === 'local') ?? voices.voices[0]!;
  await page.getByLabel('Search voices').fill(voice.name);
  await page.getByRole('button', { name: `Choose ${voice.name}` }).click();
  await page
    .getByRole('textbox', { name: 'Script' })
    .fill(
      'She sells sea shells by the sea shore, and the shells she sells are surely sea shells. ' +
        'So if she sells shells on the sea shore, I am sure she sells sea shore shells.',
    );
  await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
  await waitForStreamingAudio(page);

  // While it plays, frame by frame: the bars cover most of the width.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        seen.push((await bars(page)).lit);
        return Math.max(...seen);
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBeGreaterThan(0.85);

  await page.getByRole('button', { name: 'Stop Playback' }).click();
  // Stopped: the bars come down to the resting line.
  await expect
    .poll(async () => (await bars(page)).tallest, { timeout: 5_000, intervals: [100] })
    .toBeLessThanOrEqual(2);
});
