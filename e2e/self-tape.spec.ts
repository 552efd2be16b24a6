import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  READER_OFFSET_DB,
  speechLevelOfWindows,
} from '../web/src/features/rehearsal/self-tape/levels';
import config from './playwright.config';
import { signInByMagicLink } from './helpers';
import { createScene } from './rehearsal-cue-tools';
import { fakeCameraArgs, openSelfTape } from './self-tape-tools';

/**
 * Self-tapes (issue 34) in a real Chromium with its fake camera and a fake microphone fed a WAV:
 * a steady 1 kHz tone, so that in the downloaded take the actor (the tone, kept by a narrow
 * band-pass) and the partner's lines (the speech, with the tone notched out) can be measured
 * apart. The take is decoded by Chromium itself (its demuxer and decoder are FFmpeg's), as this
 * machine has no ffmpeg command.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-self-tape-'));
const RATE = 48_000;
const configured = config.use?.launchOptions ?? {};
const fakeDevices = fakeCameraArgs(tmp);
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Filter = { type: BiquadFilterType; frequency: number; q: number };

/**
 * A downloaded take, read by Chromium's own demuxer and decoder (the WebM is handed back to the
 * page): whether it has a picture, its audio's length, and the mean square of each 20 ms window
 * of its audio, mixed to mono, after each chain of Web Audio filters.
 */
async function analyse(page: Page, file: string, chains: Filter[][]) {
  const b64 = fs.readFileSync(file).toString('base64');
  return page.evaluate(
    async ({ b64, chains, rate }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      const video = document.createElement('video');
      video.muted = true;
      video.src = url;
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = reject;
      });
      // A recorded WebM gives no duration until the player has looked for its end.
      video.currentTime = 1e9;
      await new Promise((resolve) => (video.onseeked = resolve));
      const picture = {
        width: video.videoWidth,
        height: video.videoHeight,
        seconds: video.duration,
      };
      URL.revokeObjectURL(url);
      const decoded = await new OfflineAudioContext(1, 1, rate).decodeAudioData(bytes.buffer);
      const windows: number[][] = [];
      for (const chain of chains) {
        const ctx = new OfflineAudioContext(1, decoded.length, rate);
        const source = ctx.createBufferSource();
        source.buffer = decoded;
        let node: AudioNode = source;
        for (const f of chain) {
          const filter = ctx.createBiquadFilter();
          filter.type = f.type;
          filter.frequency.value = f.frequency;
          filter.Q.value = f.q;
          node = node.connect(filter);
        }
        node.connect(ctx.destination);
        source.start();
        const out = (await ctx.startRendering()).getChannelData(0);
        const size = rate / 50;
        const powers: number[] = [];
        for (let i = 0; i + size <= out.length; i += size) {
          let sum = 0;
          for (let k = i; k < i + size; k++) sum += out[k]! * out[k]!;
          powers.push(sum / size);
        }
        windows.push(powers);
      }
      return { picture, seconds: decoded.duration, channels: decoded.numberOfChannels, windows };
    },
    { b64, chains, rate: RATE },
  );
}

/** The median level (dBFS) of the windows: the steady tone, whatever else comes and goes. */
function medianLevel(powers: number[]): number {
  const sorted = [...powers].sort((a, b) => a - b);
  return 10 * Math.log10(sorted[Math.floor(sorted.length / 2)]!);
}

async function download(page: Page, n: number): Promise<{ name: string; file: string }> {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: `Download take ${n}` }).click();
  const d = await downloading;
  const file = path.join(tmp, `${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return { name: d.suggestedFilename(), file };
}

test.use({
  launchOptions: {
    ...configured,
    args: [...(configured.args ?? []), ...fakeDevices, '--use-fake-ui-for-media-stream'],
  },
});

test('records a take of a two-line scene with the reader 10 dB under the actor, plays, trims and downloads it', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInByMagicLink(context.request, `self-tape-${Date.now()}@e2e.test`);
  const scriptId = await createScene(context.request, 'the stage door', [
    ['BEN', 'You locked me out again, and it is raining.'],
    ['ANNA', 'You were late again.'],
  ]);
  await openSelfTape(page, scriptId);
  // The page that records was loaded with a policy that lets it use the camera.
  expect(
    await page.evaluate(() =>
      (
        document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }
      ).featurePolicy?.allowsFeature('camera'),
    ),
  ).toBe(true);

  await page.getByLabel('I am wearing headphones').check();
  await page.getByLabel('At my lines, go on').selectOption('timed');
  await expect(page.getByLabel(/^Reader level/)).toHaveValue('-10');
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  await expect(page.getByTestId('framing-guides')).toBeAttached();
  await expect(page.getByText(/^Your voice measures -2\d dB/)).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Record a take' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'BEN is speaking' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Your line.' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('Take 1 saved.')).toBeVisible({ timeout: 60_000 });
  const take = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Take 1' }) });
  await expect(take).toBeVisible();

  // It plays in the page.
  await take.getByRole('button', { name: 'Play take 1' }).click();
  const player = take.getByLabel('Take 1');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);

  const whole = await download(page, 1);
  expect(whole.name).toBe('ANNA_the-stage-door_take1.webm');
  expect(fs.readFileSync(whole.file).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  // The actor's tone (a narrow band-pass keeps it) and the partner's speech (three notches take
  // the tone out), measured apart.
  const tone: Filter[] = [{ type: 'bandpass', frequency: 1000, q: 8 }];
  const notch: Filter[] = Array(3).fill({ type: 'notch', frequency: 1000, q: 5 });
  const heard = await analyse(page, whole.file, [tone, notch]);
  expect(heard.picture.width).toBeGreaterThan(0);
  expect(heard.picture.height).toBeGreaterThan(0);
  expect(heard.seconds).toBeGreaterThan(3);
  const actor = medianLevel(heard.windows[0]!);
  const partner = speechLevelOfWindows(heard.windows[1]!)!;
  console.log(`take 1: actor ${actor.toFixed(1)} dBFS, partner ${partner.toFixed(1)} dBFS`);
  expect(actor).toBeGreaterThan(-26);
  expect(actor).toBeLessThan(-20);
  expect(Math.abs(partner - actor - READER_OFFSET_DB.default)).toBeLessThanOrEqual(3);

  // The audio is as long as the take the page measured (the scene, its countdown excluded).
  const measured = await take.locator('time').first().getAttribute('datetime');
  const takeSeconds = Number(/^PT([\d.]+)S$/.exec(measured!)![1]);
  console.log(
    `take 1: the page measured ${takeSeconds} s, the audio is ${heard.seconds.toFixed(2)} s, the video ${heard.picture.seconds} s`,
  );
  expect(Math.abs(heard.seconds - takeSeconds)).toBeLessThan(0.5);

  // Trimmed a second at each end, the download is two seconds shorter.
  await take.getByText('Trim take 1').click();
  await take.getByLabel('Start (seconds)').fill('1');
  const end = Math.floor((heard.seconds - 1) * 10) / 10;
  await take.getByLabel('End (seconds)').fill(String(end));
  await take.getByRole('button', { name: 'Save trim' }).click();
  await expect(take.getByText(`Trimmed to 1.0 s – ${end.toFixed(1)} s.`)).toBeVisible();
  await expect(take.getByText(/trimmed to \d:\d\d/)).toBeVisible();
  const cut = await download(page, 1);
  expect(cut.name).toBe('ANNA_the-stage-door_take1.webm');
  const trimmed = await analyse(page, cut.file, []);
  expect(trimmed.picture.width).toBeGreaterThan(0);
  console.log(`take 1: ${heard.seconds.toFixed(2)} s, trimmed ${trimmed.seconds.toFixed(2)} s`);
  expect(trimmed.seconds).toBeLessThan(heard.seconds - 1.4);
  expect(trimmed.seconds).toBeGreaterThan(end - 1 - 0.6);

  // Chosen, then deleted.
  const chosen = take.getByRole('button', { name: 'Chosen take' });
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/this browser allows this site/)).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await take.getByRole('button', { name: 'Delete take 1' }).click();
  await expect(page.getByText('No takes yet.')).toBeVisible();

  // Reached by the app's router from a page that may not use the camera, the page reloads
  // itself to get the policy that allows it.
  await page.goto('/scripts');
  await expect(page.getByRole('heading', { name: 'My Scripts' })).toBeVisible();
  const allowsCamera = () =>
    page.evaluate(() =>
      (
        document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }
      ).featurePolicy?.allowsFeature('camera'),
    );
  expect(await allowsCamera()).toBe(false);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/practice/${scriptId}/self-tape`);
  await expect(page.getByRole('heading', { name: 'Self-tape: the stage door' })).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await reloaded;
  expect(await allowsCamera()).toBe(true);
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
});
