import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { IMPORT_NO_SPEECH_MESSAGE } from '@doublecast/common/scripts';
import { scanOf } from '../server/src/test/image-pdf';
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
  // The 30 made here and the sample scene every new account starts with.
  await expect(cards).toHaveCount(31);
  await expect(page.getByRole('button', { name: 'Load more scripts' })).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'list-desktop.png') });
});

test('a scanned PDF shows its progress, the review says which pages were scans, and a line is given to another character', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInByMagicLink(context.request, `scan-${Date.now()}@e2e.test`);
  // Two pages of the typeset Macbeth, scanned: images only, no text.
  const typeset = fs.readFileSync(
    path.resolve(
      import.meta.dirname,
      '../common/src/script-parser/corpus/real/pdf-scanned/macbeth-act-1-scenes-1-3.pdf',
    ),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-scan-'));
  const file = path.join(dir, 'witches.pdf');
  fs.writeFileSync(file, scanOf(typeset, { first: 1, last: 2 }));

  await page.goto('/scripts');
  await page.getByLabel(/Script file/).setInputFiles(file);
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /Reading scanned pages/ })).toBeVisible();
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'scan-progress-desktop.png') });

  const review = page.getByRole('region', { name: 'What we found in “witches”' });
  await expect(review).toBeVisible({ timeout: 120_000 });
  await expect(progress).toHaveCount(0);
  await expect(review.getByText(/Pages 1-2 were scans/)).toBeVisible();

  // "Paddock calls." is the Second Witch's; give it to the Third, then make "Exeunt." action
  // (it is), and give the Third Witch's "Anon." to a new name.
  const lines = review.getByRole('region', { name: 'Lines' });
  await lines.getByLabel('Find a line by its words').fill('Paddock');
  await expect(lines.getByText('1 line.')).toBeVisible();
  const row = lines.getByRole('listitem');
  const who = row.getByLabel(/^Who says line \d+$/);
  await expect(who).toHaveValue('SECOND WITCH');
  await who.selectOption('THIRD WITCH');
  await row.getByRole('button', { name: /^Save who says line/ }).click();
  await expect(row.getByText(/^\d+ THIRD WITCH Paddock calls\.$/)).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'review-lines-desktop.png'), fullPage: true });

  await lines.getByLabel('Find a line by its words').fill('Anon');
  await row.getByLabel(/^Who says line \d+$/).selectOption({ label: 'Someone else…' });
  await row.getByRole('button', { name: /^Save who says line/ }).click();
  await expect(row.getByRole('alert')).toHaveText('Please enter a name');
  await row.getByLabel(/^Name of who says line/).fill('Hecate');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await row.getByLabel(/^Name of who says line/).press('Enter');
  await expect(row.getByText(/^\d+ HECATE Anon\.$/)).toBeVisible();
  await expect(
    review.getByRole('region', { name: /^Characters/ }).getByText('HECATE', { exact: true }),
  ).toBeVisible();

  await expect(row.getByLabel(/^Who says line \d+$/)).toHaveValue('HECATE');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(shots, 'review-lines-390.png'), fullPage: true });
  await lines.screenshot({ path: path.join(shots, 'review-lines-only-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Stored on the server, and kept by a save of the same text.
  const list = await (await context.request.get('/api/scripts')).json();
  const id = list.scripts.find((s: { title: string }) => s.title === 'witches').id as string;
  const stored = await (await context.request.get(`/api/scripts/${id}`)).json();
  const said = (text: string) =>
    stored.analysis.lines.find((l: { text: string }) => l.text.startsWith(text))?.character;
  expect(said('Paddock calls.')).toBe('THIRD WITCH');
  expect(said('Anon.')).toBe('HECATE');
  const saved = await context.request.put(`/api/scripts/${id}`, {
    data: { title: 'witches, act 1', content: stored.content },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(saved.status()).toBe(200);
  const again = await (await context.request.get(`/api/scripts/${id}`)).json();
  expect(again.analysis).toEqual(stored.analysis);
});
