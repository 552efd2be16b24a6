import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePaid, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'voices-admin@e2e.test';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

interface ListedVoice {
  id: string;
  name: string;
}

test('an admin renames a voice, unfeatures it and restricts a user, who then cannot use it', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const target = `restricted-${Date.now()}@e2e.test`;
  const userContext = await browser.newContext();
  await signInByMagicLink(userContext.request, target);
  makePaid(target);
  const userVoices = async () =>
    ((await (await userContext.request.get('/api/voices')).json()) as { voices: ListedVoice[] })
      .voices;
  const featuredNames = async () =>
    (
      (await (await userContext.request.get('/api/voices/featured')).json()) as {
        voices: ListedVoice[];
      }
    ).voices.map((v) => v.name);
  const before = await userVoices();
  const angus = before.find((v) => v.name === 'Angus')!;
  const [lily, mia] = ['Lily', 'Mia'].map((n) => before.find((v) => v.name === n)!);

  await signInByMagicLink(context.request, ADMIN_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=users');
  await page.getByRole('tab', { name: 'Voice Management' }).click();
  await expect(page.getByRole('heading', { name: 'Voice Management' })).toBeVisible();

  // Rename: click the name, type, Enter saves.
  await page.getByRole('button', { name: 'Edit display name of Angus' }).click();
  const field = page.getByRole('textbox', { name: 'Display name of Angus' });
  await expect(field).toBeFocused();
  await field.fill('Angus the Narrator');
  await field.press('Enter');
  await expect(page.getByText('Voice names updated successfully!')).toBeVisible();
  await expect(page.getByText('Original name: Angus')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Edit display name of Angus the Narrator' }),
  ).toBeFocused();
  // Escape cancels an edit.
  await page.getByRole('button', { name: 'Edit display name of Lily' }).click();
  await page.getByRole('textbox', { name: 'Display name of Lily' }).fill('Not saved');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit display name of Lily' })).toBeVisible();
  expect((await userVoices()).map((v) => v.name)).toContain('Angus the Narrator');
  expect((await userVoices()).map((v) => v.name)).toContain('Lily');
  await shot(page, 'admin-voice-management-1280');

  // The public Voices page shows the new name.
  const visitor = await browser.newPage();
  await visitor.goto('/voices');
  await expect(visitor.getByRole('heading', { name: 'Angus the Narrator' })).toBeVisible();

  // Unfeature it: gone from the public list, still usable by users.
  await page.getByRole('tab', { name: 'Featured Voices' }).click();
  const total = before.length;
  const counts = page.getByRole('definition');
  await expect(counts.nth(2)).toHaveText(String(total));
  const toggle = page.getByRole('switch', { name: 'Featured: Angus the Narrator' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(counts.nth(1)).toHaveText('1');
  await expect.poll(featuredNames).not.toContain('Angus the Narrator');
  expect((await userVoices()).map((v) => v.name)).toContain('Angus the Narrator');
  await shot(page, 'admin-featured-voices-1280');
  // A new visitor (the catalogue may sit in a browser's cache for up to a minute).
  const newVisitor = await browser.newPage();
  await newVisitor.goto('/voices');
  await expect(newVisitor.getByRole('heading', { name: 'Lily' })).toBeVisible();
  await expect(newVisitor.getByRole('heading', { name: 'Angus the Narrator' })).toHaveCount(0);
  await visitor.close();
  await newVisitor.close();

  // Restrict the user to Lily and Mia.
  await page.getByRole('tab', { name: 'Voice Permissions' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target);
  const userButton = page.getByRole('button', { name: new RegExp(target) });
  await expect(userButton).toContainText('All voices');
  await userButton.click();
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('Lily');
  await page.getByRole('checkbox', { name: /^Lily/ }).check();
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('Mia');
  await page.getByRole('checkbox', { name: /^Mia/ }).check();
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('');
  await page.getByRole('button', { name: 'Save Permissions' }).click();
  await expect(page.getByText('Voice permissions updated successfully!')).toBeVisible();
  await expect(userButton).toContainText('2 voices');
  await shot(page, 'admin-voice-permissions-1280');

  expect((await userVoices()).map((v) => v.id).sort()).toEqual([lily!.id, mia!.id].sort());
  const refused = await userContext.request.post('/api/readings', {
    data: { voiceId: angus.id, text: 'This voice is not mine to use.' },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(refused.status()).toBe(404);
  // In the Studio the voice is not offered.
  const studio = await userContext.newPage();
  await studio.goto('/studio');
  await expect(studio.getByRole('button', { name: 'Choose Lily' })).toBeVisible();
  await expect(studio.getByRole('button', { name: 'Choose Angus the Narrator' })).toHaveCount(0);

  // Bulk actions ask first, in a dialog; Cancel changes nothing.
  await page.getByRole('button', { name: 'Grant First 5 Voices to All Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant First 5 Voices to All Users' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'admin-voice-bulk-dialog-1280');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // At 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-voice-permissions-390');
  await page.getByRole('tab', { name: 'Voice Management' }).click();
  await shot(page, 'admin-voice-management-390');
  await page.getByRole('tab', { name: 'Featured Voices' }).click();
  await shot(page, 'admin-featured-voices-390');

  // Put the catalogue back for the other journeys.
  await page.getByRole('switch', { name: 'Featured: Angus the Narrator' }).click();
  await expect(page.getByRole('switch', { name: 'Featured: Angus the Narrator' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const restore = await context.request.put('/api/admin/voices/names', {
    data: { voiceNames: { [angus.id]: '' } },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(restore.ok()).toBe(true);
  await userContext.close();
});
