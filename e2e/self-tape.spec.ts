import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  READER_OFFSET_DB,
  speechLevelOfWindows,
  speechWindows,
  toDb,
} from '../web/src/features/rehearsal/self-tape/levels';
import {
  decodeAudio,
  locate,
  PCM_RATE,
  streamsOf,
  videoFrames,
  WINDOW_S,
  windowPowers,
} from './ffmpeg-tools';
import config from './playwright.config';
import { signInByMagicLink } from './helpers';
import { createScene } from './rehearsal-cue-tools';
import { fakeCameraArgs, openSelfTape } from './self-tape-tools';

/**
 * Self-tapes (issue 34) in a real Chromium with its fake camera and a fake microphone fed a WAV:
 * a steady 1 kHz tone, so that in the downloaded take the actor (the tone, kept by a narrow
 * band-pass) and the partner's lines (the speech, with the tone notched out) can be measured
 * apart. The downloaded take is read with Debian's ffmpeg.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-self-tape-'));
const configured = config.use?.launchOptions ?? {};
const fakeDevices = fakeCameraArgs(tmp);
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The actor's tone, kept by a narrow band-pass; the partner's speech, the tone notched out. */
const TONE = ['bandpass=f=1000:width_type=q:w=8'];
const NOTCH = Array<string>(3).fill('bandreject=f=1000:width_type=q:w=5');
/** The first bytes of a WebM (Matroska) file. */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const seconds = (samples: Float32Array) => samples.length / PCM_RATE;
const meanDb = (powers: number[]) => toDb(powers.reduce((a, b) => a + b, 0) / powers.length);

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
  // BEN's line as the page asks for it, to find it in the take.
  let partnerLine: string | null = null;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/rehearsal/line-audio')) partnerLine = r.postData();
  });
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
  expect(fs.readFileSync(whole.file).subarray(0, 4)).toEqual(EBML);
  const streams = await streamsOf(whole.file);
  expect(streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
  expect(await videoFrames(whole.file)).toBeGreaterThan(30);

  // The audio is as long as the take the page measured (the scene, its countdown excluded).
  // MediaRecorder's WebM declares no duration: the decoded samples are the length.
  const measured = await take.locator('time').first().getAttribute('datetime');
  const takeSeconds = Number(/^PT([\d.]+)S$/.exec(measured!)![1]);
  const audio = await decodeAudio(whole.file);
  console.log(
    `take 1: ${streams.map((s) => `${s.type} ${s.codec}`).join(', ')}; the page measured ${takeSeconds} s, the audio is ${seconds(audio).toFixed(2)} s`,
  );
  expect(Math.abs(seconds(audio) - takeSeconds)).toBeLessThanOrEqual(0.3);

  // The scene as the test knows it: BEN's line (the clip the page fetched), then ANNA's, then
  // the take's tail. BEN's clip is found in the take's speech; the actor's part is what follows.
  expect(partnerLine, "the page fetched BEN's line").not.toBeNull();
  const clip = await context.request.post('/api/rehearsal/line-audio', {
    data: JSON.parse(partnerLine!) as unknown,
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(clip.ok()).toBe(true);
  const clipFile = path.join(tmp, 'ben.mp3');
  fs.writeFileSync(clipFile, await clip.body());
  const clipWindows = windowPowers(await decodeAudio(clipFile));
  const tone = windowPowers(await decodeAudio(whole.file, TONE));
  const speech = windowPowers(await decodeAudio(whole.file, NOTCH));
  const found = locate(speechWindows(speech), speechWindows(clipWindows));
  const partnerEnd = found.offset + clipWindows.length;
  const tail = Math.round(0.2 / WINDOW_S);
  console.log(
    `take 1: BEN's ${(clipWindows.length * WINDOW_S).toFixed(2)} s line found at ${(found.offset * WINDOW_S).toFixed(2)} s, ${(found.matched * 100).toFixed(0)}% of its speech matched`,
  );
  expect(found.matched).toBeGreaterThan(0.8);
  // ANNA's line (timed) and the take's 1.5 s tail come after BEN's.
  expect(tone.length - partnerEnd).toBeGreaterThan(Math.round(1.5 / WINDOW_S));
  const actor = meanDb(tone.slice(partnerEnd + tail, tone.length - tail));
  const partner = speechLevelOfWindows(speech.slice(found.offset, partnerEnd))!;
  // Outside BEN's line, nothing but the actor is in the take.
  const afterPartner = meanDb(speech.slice(partnerEnd + tail, speech.length - tail));
  console.log(
    `take 1: actor ${actor.toFixed(1)} dBFS, partner ${partner.toFixed(1)} dBFS (${(partner - actor).toFixed(1)} dB), the actor's part without the tone ${afterPartner.toFixed(1)} dBFS`,
  );
  expect(actor).toBeGreaterThan(-26);
  expect(actor).toBeLessThan(-20);
  expect(Math.abs(partner - actor - READER_OFFSET_DB.default)).toBeLessThanOrEqual(3);
  expect(afterPartner).toBeLessThan(partner - 20);

  // Trimmed a second at each end, the download is two seconds shorter.
  await take.getByText('Trim take 1').click();
  await take.getByLabel('Start (seconds)').fill('1');
  const end = Math.floor((seconds(audio) - 1) * 10) / 10;
  await take.getByLabel('End (seconds)').fill(String(end));
  await take.getByRole('button', { name: 'Save trim' }).click();
  await expect(take.getByText(`Trimmed to 1.0 s – ${end.toFixed(1)} s.`)).toBeVisible();
  await expect(take.getByText(/trimmed to \d:\d\d/)).toBeVisible();
  const cut = await download(page, 1);
  expect(cut.name).toBe('ANNA_the-stage-door_take1.webm');
  const cutBytes = fs.readFileSync(cut.file);
  expect(cutBytes.subarray(0, 4), `a WebM of ${cutBytes.length} bytes`).toEqual(EBML);
  expect((await streamsOf(cut.file)).map((s) => s.type).sort()).toEqual(['audio', 'video']);
  const trimmed = seconds(await decodeAudio(cut.file));
  console.log(
    `take 1: ${seconds(audio).toFixed(2)} s, trimmed to ${end - 1} s: ${trimmed.toFixed(2)} s`,
  );
  expect(trimmed).toBeGreaterThan(end - 1 - 0.3);
  expect(trimmed).toBeLessThan(end - 1 + 0.6);

  // Chosen, then deleted.
  const chosen = take.getByRole('button', { name: 'Chosen take' });
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/this browser allows this site/)).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await take.getByRole('button', { name: 'Delete take 1' }).click();
  await expect(page.getByText('No takes yet.')).toBeVisible();

  // The reader level, by keyboard: it and the headphones are remembered for the next visit.
  const level = page.getByLabel(/^Reader level/);
  await level.focus();
  for (let i = 0; i < 4; i++) await level.press('ArrowLeft');
  await expect(level).toHaveValue('-14');
  await expect(page.getByLabel('Reader level: 14 dB below your voice')).toBeVisible();

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
  await expect(page.getByLabel('I am wearing headphones')).toBeChecked();
  await expect(level).toHaveValue('-14');
  await page.getByRole('button', { name: 'Turn on camera' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
});
