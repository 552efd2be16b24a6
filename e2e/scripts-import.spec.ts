import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { IMPORT_NO_SPEECH_MESSAGE } from '@doublecast/common/scripts';
import { signInByMagicLink } from './helpers';

const PLAY = `INT. GREEN ROOM - NIGHT

MAYA
Places in five.

JONAH
I know my lines.

INT. STAGE - CONTINUOUS

JO
You said that last night.

MAYA
(laughing)
And he did know them.

JONAH
Most of them.
`;

const shots = path.resolve(import.meta.dirname, '../test-results/scripts-import');

function writeFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-import-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

test('an import shows what was understood, a character is merged on the server, and a file with no speech is refused', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInByMagicLink(context.request, `import-${Date.now()}@e2e.test`);
  await page.goto('/scripts');
  await expect(page.getByRole('heading', { name: 'My Scripts', level: 1 })).toBeVisible();

  await page.getByLabel(/Script file/).setInputFiles(writeFile('green-room.fountain', PLAY));
  const review = page.getByRole('region', { name: 'What we found in “green room”' });
  await expect(review.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(review.getByText('3 characters, 5 speeches, 2 scenes.')).toBeVisible();
  const scenes = review.getByRole('region', { name: 'Scenes (2)' });
  await expect(scenes.getByRole('listitem')).toHaveText([
    /INT\. GREEN ROOM - NIGHT\s*2 speeches: MAYA, JONAH/,
    /INT\. STAGE - CONTINUOUS\s*3 speeches: JO, MAYA, JONAH/,
  ]);
  const characters = review.getByRole('region', { name: 'Characters (3)' });
  await expect(characters).toBeVisible();
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'review-desktop.png'), fullPage: true });

  // JO is JONAH read under a second name: merge them with the keyboard.
  await review.getByLabel('New name for JO', { exact: true }).fill('Jonah');
  await review.getByLabel('New name for JO', { exact: true }).press('Enter');
  await expect(review.getByText('2 characters, 5 speeches, 2 scenes.')).toBeVisible();
  await expect(review.getByRole('region', { name: 'Characters (2)' })).toBeVisible();
  await expect(review.getByText('3 speeches: JONAH, MAYA')).toBeVisible();

  // An empty name is refused in place.
  await review.getByRole('button', { name: 'Rename or merge MAYA' }).click();
  await expect(review.getByRole('alert')).toHaveText('Please enter a name');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(shots, 'review-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The merge is stored: a fresh page shows it on the card and in the editor.
  await page.reload();
  const card = page.getByRole('article', { name: 'green room' });
  await expect(card.getByText(/MAYA, JONAH$/)).toBeVisible();
  await card.getByRole('button', { name: 'Edit green room' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Script' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Characters (2)' })).toBeVisible();

  // A file where nobody speaks is an error, never a quiet success, and stores nothing.
  await page
    .getByLabel(/Script file/)
    .setInputFiles(
      writeFile('notes.txt', 'Rain on the window.\n\nNobody comes. The lights go down.\n'),
    );
  await expect(page.getByRole('alert').filter({ hasText: IMPORT_NO_SPEECH_MESSAGE })).toBeVisible();
  await expect(page.getByRole('article', { name: 'notes' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /What we found/ })).toHaveCount(0);
});

test('the script list loads 24 at a time with Load more scripts', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInByMagicLink(context.request, `paging-${Date.now()}@e2e.test`);
  const headers = { 'sec-fetch-site': 'same-origin' };
  for (let i = 0; i < 30; i++) {
    const res = await context.request.post('/api/scripts', {
      data: { title: `Scene ${String(i).padStart(2, '0')}`, content: `ANNA\nLine ${i}.` },
      headers,
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/scripts');
  const cards = page.getByRole('region', { name: 'Scripts' }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more scripts' }).click();
  await expect(cards).toHaveCount(30);
  await expect(page.getByRole('button', { name: 'Load more scripts' })).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'list-desktop.png') });
});
