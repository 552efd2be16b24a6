import { expect, test } from '@playwright/test';
import { XSS_PAYLOADS, xssCases } from '../server/src/test/fixtures/xss-payloads';
import { dangersIn, openDb, signInByMagicLink, viewsOf } from './helpers';

const ADMIN_EMAIL = 'blog-page-admin@e2e.test';
const headers = { 'sec-fetch-site': 'same-origin' };
const TITLE_PREFIX = 'Server-rendered post';

test.afterAll(() => {
  const db = openDb();
  try {
    db.prepare('DELETE FROM blog_posts WHERE title LIKE ?').run(`${TITLE_PREFIX}%`);
  } finally {
    db.close();
  }
});

test('a blog post arrives as HTML with its text, works without scripts, and hydrates without errors or shifts (decision 237)', async ({
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  await signInByMagicLink(context, ADMIN_EMAIL);
  // A hostile title and author, and every XSS payload in the body.
  const title = `${TITLE_PREFIX} ${Date.now()} </script><script>alert('title')</script> ${XSS_PAYLOADS[3]}`;
  const created = await context.request.post('/api/admin/blog/posts', {
    headers,
    data: {
      title,
      author: '</script><img src=x onerror=alert(2)>',
      content: `<p>The opening line of the post.</p>${xssCases().join('')}`,
      tags: ['craft'],
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const viewsBefore = viewsOf(slug);

  // The HTML itself carries the post (before any script runs) and its data, counting no view.
  const html = await (await context.request.get(`/blog/${slug}`)).text();
  expect(html).toContain('The opening line of the post.');
  expect(html).toContain('id="page-data"');
  expect(html).not.toContain("<script>alert('title')");
  expect(viewsOf(slug)).toBe(viewsBefore);

  const dialogs: string[] = [];
  // No scripts at all: the post is there to read.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  still.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  await still.goto(`/blog/${slug}`);
  await expect(still.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(still.getByText('The opening line of the post.')).toBeVisible();
  await expect(still.getByText('By </script><img src=x onerror=alert(2)>')).toBeVisible();
  expect(await still.locator('[data-post-body]').evaluate(dangersIn, null)).toEqual([]);
  await noScript.close();

  // With scripts: React takes over the same HTML (a mismatch is a console error), nothing moves
  // on screen, and the page's API call counts the visit once.
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await reader.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // The payloads' images point at hosts that do not exist; anything else is a fault.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) {
      errors.push(m.text());
    }
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shift += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(`${viewsBefore + 1} view`, { exact: false })).toBeVisible();
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
  const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
  expect(shift).toBeLessThan(0.01);
  expect(viewsOf(slug)).toBe(viewsBefore + 1);
  await page.screenshot({ path: 'test-results/blog-post-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/blog-post-1280.png', fullPage: true });
  // Hydrated: the router follows a link.
  await page.getByRole('link', { name: 'All Posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  expect(dialogs).toEqual([]);
  await reader.close();
});
