import { expect, test, type Page } from '@playwright/test';
import { XSS_PAYLOADS, xssCases } from '../server/src/test/fixtures/xss-payloads';
import { dangersIn, openDb, signInByMagicLink, viewsOf } from './helpers';

const ADMIN_EMAIL = 'admin@e2e.test';

/** Writes a published post straight into the server's database (the blog editor is not built). */
function insertPost(post: { slug: string; title: string; content: string; image?: string }) {
  const db = openDb();
  try {
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO blog_posts (id, title, slug, excerpt, content, author, tags, featured_image,
         published, views, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, 'Doublecast Team', '["acting","self-tape"]', ?, 1, 0, ?, ?)`,
    ).run(`e2e-${post.slug}`, post.title, post.slug, post.content, post.image ?? null, now, now);
  } finally {
    db.close();
  }
}

// The posts these journeys insert are removed afterwards, so other journeys (the blog's empty
// state) see the database as they left it.
test.afterAll(() => {
  const db = openDb();
  try {
    db.prepare("DELETE FROM blog_posts WHERE id LIKE 'e2e-%'").run();
  } finally {
    db.close();
  }
});

/** The figure shown on a dashboard stat card. */
async function stat(page: Page, label: string): Promise<number> {
  const value = page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  return Number((await value.innerText()).replace(/[^0-9.]/g, ''));
}

test('an admin opens the Admin Control Center from the header and sees a new sign-up on Refresh', async ({
  page,
  context,
  browser,
}) => {
  await signInByMagicLink(context, ADMIN_EMAIL);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Panel' })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Control Center' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const label of [
    'Total Users',
    'New Users Today',
    'Total Recordings Made',
    'API Requests Today',
    'API Error Rate Today',
    'Est. API Cost Today',
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  // Only what works is shown: no placeholder tabs.
  await expect(page.getByRole('tab')).toHaveText([
    'Dashboard',
    'User Management',
    'API Monitor',
    'Blog Management',
  ]);
  const users = await stat(page, 'Total Users');
  const newToday = await stat(page, 'New Users Today');
  expect(users).toBeGreaterThanOrEqual(1);

  // Someone else signs up in another browser.
  const other = await browser.newContext();
  await signInByMagicLink(other, `dash-${Date.now()}@e2e.test`);
  await other.close();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => stat(page, 'Total Users')).toBe(users + 1);
  expect(await stat(page, 'New Users Today')).toBe(newToday + 1);
});

test('a plain user opening /admin sees the home page, and the API refuses them', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, `plain-${Date.now()}@e2e.test`);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /Book Human Voices/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Admin Control Center')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  const res = await context.request.get('/api/admin/dashboard');
  expect(res.status()).toBe(403);
});

test('a published post renders from the list, counts each view, and shares its address', async ({
  page,
}) => {
  const slug = `e2e-post-${Date.now()}`;
  insertPost({
    slug,
    title: 'Rehearsing a cold read',
    content:
      '<h2>Warm up first</h2><p>Read the scene <strong>twice</strong>.</p>' +
      '<ul><li>Breathe</li><li>Listen</li></ul><script>window.__ran = true</script>' +
      '<a href="https://example.com/tips">More tips</a>',
    image: 'https://images.example.invalid/cold.jpg',
  });

  await page.goto('/blog');
  await page.getByRole('link', { name: 'Read More: Rehearsing a cold read' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rehearsing a cold read' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Warm up first' })).toBeVisible();
  await expect(page.getByText('By Doublecast Team')).toBeVisible();
  await expect(page.getByText(/(^|\s)1 view$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('self-tape');
  expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'More tips' })).toHaveAttribute('rel', /noopener/);

  const share = page.getByRole('list', { name: 'Share this post' }).getByRole('link');
  await expect(share).toHaveCount(3);
  for (const link of await share.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(`/blog/${slug}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
  }

  await page.reload();
  await expect(page.getByText(/(^|\s)2 views$/)).toBeVisible();
  expect(viewsOf(slug)).toBe(2);

  await page.getByRole('link', { name: 'Try Doublecast' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await page.getByRole('link', { name: /All Posts/ }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('an unknown slug shows "Post Not Found" with a way back to the blog', async ({ page }) => {
  await page.goto('/blog/no-such-post-anywhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByText('The requested blog post could not be found.')).toBeVisible();
  await page.getByRole('link', { name: /Back to Blog/ }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('XSS payloads stored as posts run nothing in Chromium (S6)', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  XSS_PAYLOADS.forEach((payload, i) =>
    insertPost({
      slug: `xss-${stamp}-${i}`,
      title: `Payload ${i}`,
      content: `<p>Before</p>${payload}<p>After ${i}</p>`,
      image: i % 2 ? 'javascript:alert(1)' : undefined,
    }),
  );
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (let i = 0; i < XSS_PAYLOADS.length; i++) {
    await page.goto(`/blog/xss-${stamp}-${i}`);
    await expect(page.getByRole('heading', { level: 1, name: `Payload ${i}` })).toBeVisible();
    // The body rendered (so the payload was there to run), and it ran nothing.
    await expect(page.getByText('Before', { exact: true })).toBeAttached();
    // The CSP would stop inline script anyway; the sanitiser must leave nothing for it to stop.
    const found = await page.locator('[data-post-body]').evaluate(dangersIn, null);
    expect(found, XSS_PAYLOADS[i]).toEqual([]);
  }
  expect(dialogs).toEqual([]);
});

test('every payload in every context, as served, renders nothing unsafe in a live page (S6)', async ({
  page,
  context,
}) => {
  const cases = xssCases();
  expect(cases.length).toBeGreaterThanOrEqual(200);
  const stamp = Date.now();
  cases.forEach((content, i) =>
    insertPost({ slug: `xss-ctx-${stamp}-${i}`, title: `Case ${i}`, content }),
  );
  const served: string[] = [];
  for (let i = 0; i < cases.length; i++) {
    const res = await context.request.get(`/api/blog/posts/xss-ctx-${stamp}-${i}`);
    expect(res.ok()).toBe(true);
    served.push(((await res.json()) as { contentHtml: string }).contentHtml);
  }
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/blog/xss-ctx-${stamp}-0`);
  await expect(page.locator('[data-post-body]')).toBeAttached();
  const found = await page.locator('[data-post-body]').evaluate(dangersIn, served);
  expect(found).toEqual([]);
  // Give an event handler that slipped through the time to fire.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
  expect(dialogs).toEqual([]);
});
