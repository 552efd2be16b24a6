import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { refusedByPolicy, signInByMagicLink } from './helpers';
import { createScene } from './rehearsal-cue-tools';

/**
 * Issue 35 in rehearsal: a partner line's menu shows its directions and the voice's, takes a note,
 * makes another take to hear beside the kept one (charged once, and the kept one is what the run
 * plays), and fixes how a word is said. E2E_SHOTS_DIR, when set, keeps screenshots.
 */

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const LINE = 'Siobhan locked me out again.';

async function shot(page: Page, name: string, fullPage = true) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Line-audio requests the page has sent and not yet seen answered or failed. */
function watchLineAudio(page: Page) {
  const sent: Request[] = [];
  let open = 0;
  const isLine = (r: Request) => r.url().endsWith('/api/rehearsal/line-audio');
  page.on('request', (r) => {
    if (!isLine(r)) return;
    sent.push(r);
    open++;
  });
  const done = (r: Request) => {
    if (isLine(r)) open--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { sent, open: () => open };
}

test('a partner line takes a note, another take kept and charged once, and a respelled name', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const refused = refusedByPolicy(page);
  await signInByMagicLink(context.request, `direction-${Date.now()}@e2e.test`);
  const scriptId = await createScene(context.request, 'Stage door', [
    ['BEN', `(angrily)\n${LINE}`],
    ['ANNA', 'You were late again.'],
    ['BEN', 'Fair enough.'],
  ]);
  const voices = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string }[];
  };
  const rupert = voices.voices.find((v) => v.name.startsWith('Rupert'))!;
  expect(rupert).toBeTruthy();
  // The cast the setup would have kept for this script: ANNA, with Rupert reading BEN.
  await page.addInitScript(
    ([id, voiceId]) =>
      window.localStorage.getItem('doublecast.rehearsal.scripts') ??
      window.localStorage.setItem(
        'doublecast.rehearsal.scripts',
        JSON.stringify({ [id!]: { role: 'ANNA', voices: { BEN: voiceId } } }),
      ),
    [scriptId, rupert.id],
  );
  const used = async () =>
    ((await (await context.request.get('/api/usage')).json()) as { used: number }).used;

  const audio = watchLineAudio(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const firstFetch = page.waitForResponse((r) => r.url().endsWith('/api/rehearsal/line-audio'));
  await page.goto(`/practice/${scriptId}`);
  await expect(page.getByRole('button', { name: 'Play scene' })).toBeVisible();
  // The page fetches BEN's lines ahead at once; the count starts once they are in.
  expect((await firstFetch).status()).toBe(200);
  await expect.poll(audio.open).toBe(0);
  const before = await used();

  // The menu is a disclosure on each partner line, opened and closed by keyboard.
  const toggle = page.getByRole('button', { name: 'Menu for line 1' });
  await expect(page.getByRole('button', { name: 'Menu for line 2' })).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('group', { name: 'Line 1: how BEN says it' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('From the script: Angrily');
  const honoured = menu.getByTestId('voice-directions');
  await expect(honoured).toContainText('Quietly (whispering)');
  await expect(honoured).toContainText('Fast');

  // A note with words outside the vocabulary says what it ignored, and stops when fixed.
  const note = menu.getByLabel('Note for this line');
  await note.fill('whispering, to the door');
  await menu.getByRole('button', { name: 'Save note' }).click();
  await expect(menu.getByText('Ignored: to the door')).toBeVisible();
  await note.fill('whispering');
  await note.press('Enter');
  await expect(menu.getByText(/^Ignored/)).toHaveCount(0);
  await expect(menu.getByText('Used for this line: Quietly (whispering), Angrily')).toBeVisible();
  await expect(page.locator('li[data-line-id]').first()).toContainText('note: whispering');

  // Another take: take 1 as now directed and take 2, side by side, each with a player.
  await menu.getByRole('button', { name: 'Another take' }).click();
  const takes = menu.getByRole('list', { name: 'Takes of this line' }).getByRole('listitem');
  await expect(takes).toHaveCount(2);
  await expect(menu.locator('audio[aria-label="Take 1"]')).toHaveAttribute('src', /^blob:/, {
    timeout: 60_000,
  });
  await expect(menu.locator('audio[aria-label="Take 2"]')).toHaveAttribute('src', /^blob:/, {
    timeout: 60_000,
  });
  await expect(menu.getByText('Take 1 is used in the run.')).toBeVisible();
  await expect.poll(audio.open).toBe(0);
  const asked = audio.sent.slice(-2).map((r) => r.postDataJSON() as Record<string, unknown>);
  expect(asked).toEqual([
    expect.objectContaining({ note: 'whispering', lineId: expect.any(String) }),
    expect.objectContaining({ note: 'whispering', take: 2 }),
  ]);
  expect(asked[0]).not.toHaveProperty('take');
  // Two new reads of the line (the directed first take and take 2), each charged once.
  const afterTakes = await used();
  expect(afterTakes - before).toBe(2 * LINE.length);

  await menu.getByRole('button', { name: 'Keep take 2' }).click();
  await expect(menu.getByRole('button', { name: 'Take 2 kept' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(menu.getByText('Take 2 is used in the run.')).toBeVisible();
  await shot(page, 'direction-menu-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await menu.getByRole('button', { name: 'Another take' }).scrollIntoViewIfNeeded();
  await shot(page, 'direction-menu-390', false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Escape closes the menu and gives the focus back to its button.
  await note.focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The run plays the kept take: its request asks for take 2 with the note, and costs nothing.
  const runFetch = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/rehearsal/line-audio') &&
      (r.postDataJSON() as { take?: number }).take === 2,
  );
  await page.getByRole('button', { name: 'Play scene' }).click();
  const runAsked = (await runFetch).postDataJSON() as Record<string, unknown>;
  expect(runAsked).toMatchObject({ note: 'whispering', take: 2 });
  await expect(page.getByRole('status').filter({ hasText: /^Your line/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(audio.open).toBe(0);
  // Asked again straight from the API: the same take is still paid for.
  const again = await context.request.post('/api/rehearsal/line-audio', {
    data: { scriptId, lineId: runAsked.lineId, voiceId: rupert.id, note: 'whispering', take: 2 },
    headers: sameOrigin,
  });
  expect(again.status()).toBe(200);
  expect(await used()).toBe(afterTakes);

  // Fix how a name is said, from the line: a bad respelling is refused beside the field.
  await toggle.click();
  await expect(menu.getByLabel('Note for this line')).toHaveValue('whispering');
  await menu.getByLabel('Word').selectOption('Siobhan');
  const sayAs = menu.getByLabel('Say it as');
  await sayAs.fill('shiv<AWN>');
  await menu.getByRole('button', { name: 'Save pronunciation' }).click();
  await expect(menu.getByText(/letters, spaces, hyphens and apostrophes only/)).toBeVisible();
  await expect(sayAs).toHaveAttribute('aria-invalid', 'true');
  await sayAs.fill('shiv-AWN');
  await expect(menu.getByText(/letters, spaces, hyphens and apostrophes only/)).toHaveCount(0);
  await menu.getByRole('button', { name: 'Save pronunciation' }).click();
  await expect(menu.getByText('Siobhan is now said as shiv-awn.')).toBeVisible();
  const list = menu.getByRole('list', { name: 'Pronunciations' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Siobhan');
  await expect(list.getByRole('listitem')).toContainText('shiv-AWN');
  await expect(list.getByRole('listitem')).toContainText('this script');
  const stored = (await (
    await context.request.get(`/api/pronunciations?scriptId=${scriptId}`)
  ).json()) as { pronunciations: { word: string; respelling: string; scriptId: string }[] };
  expect(stored.pronunciations).toEqual([
    expect.objectContaining({ word: 'Siobhan', respelling: 'shiv-AWN', scriptId }),
  ]);
  await shot(page, 'direction-pronunciation-1280');

  // And it can be taken back.
  await menu.getByRole('button', { name: 'Delete pronunciation of Siobhan' }).click();
  await expect(menu.getByText('None yet: every word is said as written.')).toBeVisible();

  expect(refused).toEqual([]);
});
