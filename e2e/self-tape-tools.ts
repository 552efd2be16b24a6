import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { setUpRun } from './rehearsal-cue-tools';

/**
 * Chromium's fake camera, and a fake microphone playing a steady 1 kHz tone (peak 0.1, an RMS
 * of -23 dBFS: a quiet actor) made in `dir` with sox.
 */
export function fakeCameraArgs(dir: string): string[] {
  const microphone = path.join(dir, 'tone.wav');
  execFileSync('sox', [
    ...['-n', '-r', '48000', '-c', '1', '-b', '16', microphone],
    ...['synth', '20', 'sine', '1000', 'vol', '0.1'],
  ]);
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`];
}

/** Takes ANNA on the setup, then opens the self-tape page from the run page's link. */
export async function openSelfTape(page: Page, scriptId: string) {
  await setUpRun(page, scriptId);
  await page.getByRole('link', { name: 'Record a self-tape' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice/${scriptId}/self-tape$`));
  await expect(page.getByRole('heading', { name: 'Self-tape: the stage door' })).toBeVisible();
}
