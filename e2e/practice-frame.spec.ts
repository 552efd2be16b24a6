import { expect, test, type Page } from '@playwright/test';
import { appReady, signInByMagicLink } from './helpers';
import { createScene } from './rehearsal-cue-tools';

/** React's production messages for a page whose HTML it could not take over (it redraws it). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|React error #(418|423|425)/i.test(m.text()))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Decision 389: the server draws /practice and a run page's frame for the user who asks, so the
 * heading (and the script's title) are on screen before the app's code has run; signed out, or
 * for another user's script, the page carries none of it; React takes the frame over as drawn.
 */
test('Practice and a run page arrive drawn for their user, and the app takes them over', async ({
  browser,
}) => {
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInByMagicLink(owner, `frame-${Date.now()}@e2e.test`);
  // Markup in a title is text, in the HTML and in the page data alike.
  const title = `Frame </script><b>scene</b> & ${Date.now()}`;
  const id = await createScene(owner.request, title, [
    ['BEN', 'Are you coming?'],
    ['ANNA', 'Not tonight.'],
  ]);

  const run = await owner.request.get(`/practice/${id}`);
  expect(run.headers()['cache-control']).toBe('private, no-cache');
  const runHtml = await run.text();
  expect(runHtml).toContain('Frame &lt;/script&gt;&lt;b&gt;scene&lt;/b&gt; &amp; ');
  expect(runHtml).not.toContain('<b>scene');
  expect(runHtml).toContain('id="page-data"');
  // The header is drawn signed in, not with Sign In for a moment.
  expect(runHtml).toContain('data-greeting');
  expect(runHtml).not.toContain('Get Started');
  expect(await (await owner.request.get('/practice')).text()).toContain(
    'Your scene partner reads the other parts',
  );

  const stranger = await browser.newContext();
  await signInByMagicLink(stranger, `frame-other-${Date.now()}@e2e.test`);
  const strangers = await (await stranger.request.get(`/practice/${id}`)).text();
  expect(strangers).not.toContain('scene&lt;/b&gt;');
  expect(strangers).toContain('id="page-data"');
  await stranger.close();
  const anonymous = await browser.newContext();
  for (const path of ['/practice', `/practice/${id}`]) {
    const html = await (await anonymous.request.get(path)).text();
    expect(html).not.toContain('id="page-data"');
    expect(html).not.toContain('scene&lt;/b&gt;');
  }
  await anonymous.close();

  // The frame shows while the app's code is held back, then the app takes it over.
  const page = await owner.newPage();
  const errors = hydrationErrors(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/practice/${id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to setup' })).toBeVisible();
  release();
  await appReady(page);
  await expect(page.getByText('You play BEN', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(1);

  await page.goto('/practice');
  await appReady(page);
  await expect(page.getByRole('button', { name: 'Start rehearsal' })).toBeVisible();
  expect(errors).toEqual([]);
  await owner.close();
});
