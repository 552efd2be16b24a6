import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { makePaid, openDb, refusedByPolicy, signInByMagicLink } from './helpers';

/** A two-hander as an actor pastes it: a heading, action, two characters, a parenthetical. */
const TWO_HANDER = [
  'INT. KITCHEN - NIGHT',
  '',
  'MAYA stands at the sink. SAM comes in, soaked.',
  '',
  'MAYA',
  "You're late. I waited an hour and the soup went cold.",
  '',
  'SAM',
  '(shaking off the rain)',
  'The train stopped twice. I ran the whole way from the station.',
  '',
  'MAYA',
  'Of course you did. Sit down before you drip on everything.',
].join('\n');
const SPOKEN = [
  "You're late. I waited an hour and the soup went cold.",
  'The train stopped twice. I ran the whole way from the station.',
  'Of course you did. Sit down before you drip on everything.',
];

async function signInPaid(context: BrowserContext, email: string) {
  await signInByMagicLink(context.request, email);
  makePaid(email);
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-studio-player]')!;
    return {
      time: a.currentTime,
      paused: a.paused,
      complete: a.dataset.streamComplete,
      duration: Number.isFinite(a.duration) ? a.duration : 0,
    };
  });

test('a pasted two-hander is read as a scene: one MP3, two voices, the heading not spoken; pause, seek and resume by mouse and keyboard', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const refused = refusedByPolicy(page);
  await signInPaid(context, `scene-${Date.now()}@e2e.test`);
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'Voice Studio' })).toBeVisible();
  await expect(page.getByText('0 of 30,000 characters used this month')).toBeVisible();

  await page.getByRole('textbox', { name: 'Script' }).fill(TWO_HANDER);
  const cast = page.getByRole('group', { name: /This is a script: 2 characters/ });
  await expect(cast).toBeVisible();
  await expect(cast.getByRole('radio', { name: 'Read as a scene' })).toBeChecked();
  const maya = cast.getByRole('combobox', { name: /^MAYA/ });
  const sam = cast.getByRole('combobox', { name: /^SAM/ });
  // Cast by the script: two different voices, MAYA a woman's, SAM a man's.
  const mayaVoice = await maya.inputValue();
  const samVoice = await sam.inputValue();
  expect(mayaVoice).not.toBe(samVoice);
  await expect(maya.locator('option:checked')).toContainText('female');
  await expect(sam.locator('option:checked')).toContainText('male');
  // Headings and action are skipped; the counter shows only what is spoken.
  await cast.getByRole('combobox', { name: 'Scene headings and action' }).selectOption('');
  const spoken = SPOKEN.join('').length;
  await expect(page.getByText(`${spoken} characters`, { exact: true })).toBeVisible();

  const posted = page.waitForRequest(
    (r) => r.url().endsWith('/api/readings') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
  const body = (await posted).postDataJSON() as {
    scene: { cast: Record<string, string>; narratorVoiceId: string | null };
  };
  expect(body.scene).toEqual({
    cast: { MAYA: mayaVoice, SAM: samVoice },
    narratorVoiceId: null,
  });
  await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();
  await expect.poll(async () => (await audio(page)).complete, { timeout: 90_000 }).toBe('true');

  // One history item: a scene of two voices, charged for the spoken lines only (no heading).
  const [item] = (await (await context.request.get('/api/readings')).json()).generations as {
    id: string;
    voiceName: string;
    characterCount: number;
  }[];
  expect(item).toMatchObject({ voiceName: 'Scene, 2 voices', characterCount: spoken });
  const mp3 = await (await context.request.get(`/api/readings/${item!.id}/audio`)).body();
  expect(mp3[0] === 0xff || mp3.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);
  await expect(page.getByText(`${spoken} of 30,000 characters used this month`)).toBeVisible();

  // Back to the start by keyboard, then resume and pause by mouse (the short reading may have
  // played out already).
  const pause = page.getByRole('button', { name: 'Pause' });
  const resume = page.getByRole('button', { name: 'Resume' });
  const slider = page.getByRole('slider', { name: 'Seek' });
  await pauseIfPlaying(page);
  await slider.focus();
  await page.keyboard.press('Home');
  await resume.click();
  await expect(page.getByRole('status').filter({ hasText: 'Playing' })).toBeVisible();
  await pause.click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused' })).toBeVisible();
  expect((await audio(page)).paused).toBe(true);

  // Seek by mouse: a click on the slider's middle moves to about half-way.
  const { duration } = await audio(page);
  expect(duration).toBeGreaterThan(3);
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(duration * 0.3);
  expect((await audio(page)).time).toBeLessThan(duration * 0.7);
  await expect(slider).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);

  // Seek by keyboard: Home goes to the start, End to the end, arrows step.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await audio(page)).time).toBeLessThan(0.5);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(0.1);

  // Resume by keyboard: Tab back to the button and press it.
  await resume.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Playing' })).toBeVisible();
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  await pauseIfPlaying(page);

  // A history item seeks too (ranged reads).
  await page
    .getByRole('list', { name: 'Readings' })
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: 'Play' })
    .click();
  await expect.poll(async () => (await audio(page)).time, { timeout: 15_000 }).toBeGreaterThan(0);
  // A short reading may already have ended on a busy machine; seeking works either way.
  await pauseIfPlaying(page);
  await slider.focus();
  await page.keyboard.press('End');
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(duration * 0.9);
  expect(refused).toEqual([]);
});

/** Pauses unless the reading has already played to its end. */
async function pauseIfPlaying(page: Page): Promise<void> {
  const pause = page.getByRole('button', { name: 'Pause' });
  if (await pause.isVisible()) await pause.click({ timeout: 2_000 }).catch(() => undefined);
}

/** Sets this month's used characters for a user straight in the database. */
function useAllowance(email: string, used: number): void {
  const db = openDb();
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    const month = new Date().toISOString().slice(0, 7);
    db.prepare(
      `INSERT INTO usage_counters (user_id, month, used, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, month) DO UPDATE SET used = excluded.used`,
    ).run(user.id, month, used, new Date().toISOString());
  } finally {
    db.close();
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px the over-limit message is in view beside Generate, announced, and clears when the text fits`, async ({
    page,
    context,
  }) => {
    const email = `limit-${width}-${Date.now()}@e2e.test`;
    await signInPaid(context, email);
    useAllowance(email, 29_990);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/studio');
    await page
      .getByRole('button', { name: /^Choose / })
      .first()
      .click();
    const script = page.getByRole('textbox', { name: 'Script' });
    await script.fill('This line is longer than the ten characters left.');
    await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
    const message = page.getByRole('alert').filter({ hasText: 'Character limit exceeded!' });
    // A paying user has no larger plan to move to: told when the allowance resets instead.
    await expect(message).toHaveText(
      /^Character limit exceeded! You have 10 characters remaining this month\. Your allowance resets on [A-Z][a-z]+ 1, \d{4}\.$/,
    );
    await expect(message).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Generate Voice Reading' })).toHaveAttribute(
      'aria-describedby',
      'generate-error',
    );
    await page.screenshot({ path: `${process.env.E2E_DATA_DIR}/limit-${width}.png` });
    await script.fill('Short.');
    await expect(message).toHaveCount(0);
    // Account shows the same month: used, limit and reset date.
    await page.goto('/account');
    await expect(page.getByText('29,990 of 30,000 characters used this month')).toBeVisible();
    await expect(page.getByText(/^Resets [A-Z][a-z]+ 1, \d{4}$/)).toBeVisible();
    await expect(page.getByText('10 characters left')).toBeVisible();
  });
}
