import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { xssCases } from '../server/src/test/fixtures/xss-payloads';
import { dangersIn, dataDir, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'blog-admin@e2e.test';
const headers = { 'sec-fetch-site': 'same-origin' };

test.afterAll(() => {
  const db = new Database(path.join(dataDir(), 'doublecast.sqlite'));
  try {
    db.prepare("DELETE FROM blog_posts WHERE title LIKE 'Manager journey %'").run();
  } finally {
    db.close();
  }
});

test('an admin publishes a draft from the manager, readers see it, then it is unpublished', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, ADMIN_EMAIL);
  const stamp = Date.now();
  const title = `Manager journey ${stamp}`;
  const created = await context.request.post('/api/admin/blog/posts', {
    headers,
    data: {
      title,
      content:
        '<p>Breathe <strong>before</strong> the line.</p><ul><li>Read</li><li>Listen</li></ul>',
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Manager' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/blog-manager-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/blog-manager-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The same manager is the Blog Management tab of /admin.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Blog Management' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=blog$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Blog Manager' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-blog-tab-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/blog');

  await row.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[data-post-body] strong')).toHaveText('before');
  await expect(page.locator('[data-post-body] li')).toHaveCount(2);

  await page.goto('/admin/blog');
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Unpublish ${title}` })
    .click();
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('Draft', { exact: true }),
  ).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
});

test('every XSS payload in every context, saved through the admin API, renders inert (S6)', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInByMagicLink(context, ADMIN_EMAIL);
  const cases = xssCases();
  expect(cases.length).toBeGreaterThanOrEqual(200);
  const stamp = Date.now();
  const served: string[] = [];
  const slugs: string[] = [];
  for (let i = 0; i < cases.length; i++) {
    const res = await context.request.post('/api/admin/blog/posts', {
      headers,
      data: {
        title: `Manager journey xss ${stamp} ${i}`,
        content: `<p>Case ${i}</p>${cases[i]}`,
        featuredImage: '',
        published: true,
      },
    });
    expect(res.status(), cases[i]).toBe(201);
    const post = (await res.json()) as { slug: string; content: string };
    slugs.push(post.slug);
    served.push(post.content);
  }
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // Each post's HTML as the server stored and answered it, put into the live post page's body
  // in turn (as React does) in Chromium: nothing may run or point at an unsafe address.
  const publicHtml = await context.request.get(`/api/blog/posts/${slugs[0]}`);
  expect(publicHtml.ok()).toBe(true);
  await page.goto(`/blog/${slugs[0]}`);
  await expect(page.locator('[data-post-body]')).toBeAttached();
  const found = await page.locator('[data-post-body]').evaluate(dangersIn, served);
  expect(found).toEqual([]);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
  expect(dialogs).toEqual([]);
});
