import { expect, test, type Page } from '@playwright/test';
import { appReady, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'guard-admin@e2e.test';

/** Console errors and warnings and uncaught errors of `page` from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Keeps the headings and sections of the HTML as it arrived, to tell afterwards whether React
 * hydrated them or threw them away and drew the page again (which closes what was opened).
 */
async function keepBuiltNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { built: Element[] }).built = [
        ...Array.from(
          document.querySelectorAll('#root h1, #root h2, #root section, #root details'),
        ),
      ];
    });
  });
}

/** How many of the kept nodes are no longer in the page, once the page has settled. */
async function builtNodesReplaced(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => (window as unknown as { built: Element[] }).built.filter((n) => !n.isConnected).length,
  );
}

test('every page rendered at build time hydrates without a warning or error', async ({ page }) => {
  const problems = problemsOf(page);
  await keepBuiltNodes(page);
  for (const url of [
    '/',
    '/voices',
    '/pricing',
    '/blog',
    '/about',
    '/pricing?message=subscription_required',
    '/voices?autoplay=tom',
  ]) {
    await page.goto(url);
    await appReady(page);
    expect(problems, url).toEqual([]);
    expect(await builtNodesReplaced(page), `${url}: built nodes drawn again`).toBe(0);
  }
  // A query the build did not render with is drawn once the page has hydrated.
  await page.goto('/pricing?message=subscription_error');
  await appReady(page);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a signed-in visitor gets the same pages hydrated without a warning or error', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, `hydrate-${Date.now()}@e2e.test`);
  const problems = problemsOf(page);
  await keepBuiltNodes(page);
  for (const url of ['/', '/voices', '/pricing', '/blog', '/about']) {
    await page.goto(url);
    await appReady(page);
    await expect(page.getByRole('button', { name: /sign out/i }).first()).toBeAttached();
    expect(problems, url).toEqual([]);
    expect(await builtNodesReplaced(page), `${url}: built nodes drawn again`).toBe(0);
  }
});

test('a missing post answers 404 and says so; an unknown path goes to sign-in with its query kept out', async ({
  page,
}) => {
  const problems = problemsOf(page);
  const answer = await page.goto('/blog/no-such-post?ref=x#top');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
});

test('a tampered scroll memory does not break a page', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/about');
  await appReady(page);
  // Whatever a page's script (or a user) left under the memory's key, there when the app starts
  // (the last script added runs last).
  for (const kept of ['null', '5', '"text"', '[1,2]', '{"default":"x"}', '{broken']) {
    await page.addInitScript(
      (value) => sessionStorage.setItem('doublecast-scroll-positions', value),
      kept,
    );
    await page.reload();
    await appReady(page);
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/went wrong/i);
    expect(problems, kept).toEqual([]);
  }
});

test('a reload returns to where the page was scrolled; a new page typed in the tab starts at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/about');
  await appReady(page);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.reload();
  await appReady(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

  // The first entry left by a link, then another page typed into the address bar: a new
  // document, which must not take the first entry's position.
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/blog');
  await appReady(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the editor asks before Back leaves unsaved changes, after the skip link was used on the way', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, ADMIN_EMAIL);
  await page.goto('/');
  await appReady(page);
  await page.goto('/admin/blog');
  await appReady(page);
  // A keyboard user's skip link: a fragment entry in the history, made by the browser.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/blog#main$/);
  await page.getByRole('link', { name: 'Create New Post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await page.getByRole('textbox', { name: 'Title *' }).fill('Guard journey unsaved');

  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  // A link opened in another tab leaves nothing: no question, the text stays.
  const opened = context.waitForEvent('page');
  await page
    .getByRole('link', { name: 'Blog', exact: true })
    .first()
    .click({ modifiers: ['ControlOrMeta'] });
  await (await opened).close();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);

  await page.goBack();
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('textbox', { name: 'Title *' })).toHaveValue('Guard journey unsaved');

  // Leave goes where Back asked: the manager's fragment entry.
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/blog#main$/);
  await expect(page.getByRole('link', { name: 'Create New Post' })).toBeVisible();

  // Forward into unsaved changes asks too; a clean editor lets every way out through.
  await page.goForward();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goBack();
  await page.getByRole('textbox', { name: 'Title *' }).fill('Guard journey again');
  await page.goForward();
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Title *' })).toHaveValue('Guard journey again');
});
