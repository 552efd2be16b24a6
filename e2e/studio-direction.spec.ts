import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePaid, refusedByPolicy, signInByMagicLink } from './helpers';

/**
 * Issue 35 in the Studio: a note on the reading (the voice's directions shown, unknown words
 * ignored and said so), then another take heard beside the first, charged once, and one kept.
 * E2E_SHOTS_DIR, when set, keeps screenshots.
 */

const TEXT = 'I told you never to come back here, not tonight, not ever.';

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const player = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector<HTMLAudioElement>('audio[data-studio-player]')?.dataset.streamComplete,
  );

for (const width of [1280, 390]) {
  test(`a Studio reading takes a note and another take, and one is kept (${width} px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const refused = refusedByPolicy(page);
    const email = `studio-direction-${width}-${Date.now()}@e2e.test`;
    await signInByMagicLink(context.request, email);
    makePaid(email);
    const voices = (await (await context.request.get('/api/voices')).json()) as {
      voices: { id: string; name: string; engine: string }[];
    };
    const voice = voices.voices.find((v) => v.engine === 'local')!;
    const used = async () =>
      ((await (await context.request.get('/api/usage')).json()) as { used: number }).used;

    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/studio?voice=${voice.id}`);
    await expect(page.getByRole('button', { name: 'Change Reader' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Script' }).fill(TEXT);

    // The note: what the voice does, and what of the note is ignored, said as it is typed.
    const note = page.getByRole('textbox', { name: 'Note: how to say it' });
    await note.fill('whispering, to Maya');
    await expect(page.getByTestId('voice-directions')).toContainText('Quietly (whispering)');
    await expect(page.getByRole('status').filter({ hasText: 'Ignored: to Maya' })).toBeVisible();

    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/readings') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ text: TEXT, note: 'whispering, to Maya' });
    await expect.poll(() => player(page), { timeout: 60_000 }).toBe('true');
    const history = page.getByRole('list', { name: 'Readings' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    const before = await used();

    // Another take: made, then shown beside the first, a player each; charged once.
    const takes = page.getByRole('list', { name: 'Takes of this reading' });
    await page.getByRole('button', { name: 'Another take' }).click();
    await expect(takes.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Keep take 2' })).toBeEnabled({
      timeout: 60_000,
    });
    await expect(takes.locator('audio[aria-label="Take 1"]')).toHaveAttribute('src', /.+/);
    await expect(takes.locator('audio[aria-label="Take 2"]')).toHaveAttribute('src', /blob:/);
    await expect(history.getByRole('listitem')).toHaveCount(2);
    expect((await used()) - before).toBe(TEXT.length);
    await shot(page, `studio-takes-${width}`);

    // Keep take 2 by keyboard: take 1 leaves the history, and that is said.
    await page.getByRole('button', { name: 'Keep take 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Take 2 kept' })).toContainText(
      'take 1 removed from your history',
    );
    await expect(takes.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Take 2 kept' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(history.getByRole('listitem')).toHaveCount(1);
    expect((await used()) - before).toBe(TEXT.length);
    await shot(page, `studio-kept-${width}`);

    // Play Again plays the kept take, not the first read the player held.
    const kept = (
      (await (await context.request.get('/api/readings')).json()) as {
        generations: { id: string }[];
      }
    ).generations[0]!;
    await page.getByRole('button', { name: 'Play Again' }).click();
    await expect(page.locator('audio[data-studio-player]')).toHaveAttribute(
      'src',
      new RegExp(`/api/readings/${kept.id}/audio`),
    );
    expect(refused).toEqual([]);
  });
}
