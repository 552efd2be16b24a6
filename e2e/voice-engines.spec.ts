import { expect, test, type Page } from '@playwright/test';
import { makePaid, signInByMagicLink } from './helpers';

/**
 * One voice of every engine the e2e server runs (playwright.config.ts): the offline voices, the
 * tiny neural models in VOICE_MODELS_DIR and the fake OpenAI-compatible speech server.
 */
const VOICES = [
  { name: 'Tom', engine: 'Basic (offline)' },
  { name: 'Tilly', engine: 'Neural' },
  { name: 'Kiki', engine: 'Neural' },
  { name: 'Bella', engine: 'Speech server' },
] as const;

const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Voices' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('/voices lists a voice of every engine, labelled with its engine, and each previews', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/voices');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Voice' })).toBeVisible();
  for (const voice of VOICES) {
    const item = card(page, voice.name);
    await expect(item.getByRole('list', { name: 'Voice details' })).toContainText(
      `Engine: ${voice.engine}`,
    );
    await item.getByRole('button', { name: /^Preview Voice/ }).click();
    const audio = page.getByTestId('voice-preview-audio');
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // Try in Studio appears once the preview has played to its end.
    await expect(item.getByRole('link', { name: /Try in Studio/ })).toBeVisible({
      timeout: 30_000,
    });
  }
});

test('a paid user generates a reading in the Studio with a voice of every engine', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = `engines-${Date.now()}@e2e.test`;
  await signInByMagicLink(context.request, email);
  makePaid(email);
  const { voices } = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string; engine: string }[];
  };
  for (const [i, wanted] of VOICES.entries()) {
    const voice = voices.find((v) => v.name === wanted.name)!;
    expect(voice, wanted.name).toBeTruthy();
    await page.goto(`/studio?voice=${encodeURIComponent(voice.id)}`);
    await expect(page.getByRole('button', { name: 'Change Reader' })).toBeVisible();
    await expect(page.getByText(voice.name, { exact: true })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Script' })
      .fill(`Line ${i + 1}: the rehearsal starts now. Places, everyone.`);
    await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
    // A short reading may end before playback starts, so wait for both, in either order.
    await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible({
      timeout: 60_000,
    });
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const a = document.querySelector<HTMLAudioElement>('audio[data-studio-player]');
            return a ? `${a.dataset.streamComplete}:${a.currentTime > 0}` : null;
          }),
        { timeout: 60_000 },
      )
      .toBe('true:true');
    await expect(page.getByRole('list', { name: 'Readings' }).getByRole('listitem')).toHaveCount(
      i + 1,
    );
  }
});
