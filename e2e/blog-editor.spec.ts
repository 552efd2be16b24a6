import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { dataDir, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'editor-admin@e2e.test';

test.afterAll(() => {
  const db = new Database(path.join(dataDir(), 'doublecast.sqlite'));
  try {
    db.prepare("DELETE FROM blog_posts WHERE title LIKE 'Editor journey %'").run();
  } finally {
    db.close();
  }
});

test('an admin writes a post with bold text and a list by keyboard, publishes it, readers see it; the editor names a missing post and title', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, ADMIN_EMAIL);
  const title = `Editor journey ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  // (One sign-in per spec: magic links are limited to 3 per address in 15 minutes.)
  await page.goto('/admin/blog/edit/no-such-post');
  await expect(page.getByRole('alert')).toHaveText('Post not found');
  await expect(page.getByRole('link', { name: 'Back to Blog Manager' })).toBeVisible();
  await page.goto('/admin/blog/create');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a title');

  await page.goto('/admin/blog');
  await page.getByRole('link', { name: 'Create New Post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Post' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title *' }).fill(title);
  // Leaving with unsaved changes asks first; staying keeps the text.
  await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);
  await expect(page.getByRole('textbox', { name: 'Title *' })).toHaveValue(title);

  await page.getByRole('textbox', { name: 'Excerpt (optional)' }).fill('Two habits.');
  const content = page.getByRole('textbox', { name: 'Content *' });
  await content.click();
  await page.keyboard.type('Breathe ');
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('before');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' the line.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+8');
  await expect(page.getByRole('button', { name: 'Bullet list' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type('Read');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Listen');
  await page.getByRole('textbox', { name: 'Tags (comma-separated)' }).fill('voice, acting');
  const publish = page.getByRole('checkbox', { name: 'Publish immediately' });
  await publish.check();
  await expect(page.getByText('This post will be visible to the public')).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/blog-editor-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/blog-editor-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible();
  const id = decodeURIComponent(page.url().split('/').pop()!);
  const saved = await context.request.get(`/api/admin/blog/posts/${encodeURIComponent(id)}`);
  const { slug, published } = (await saved.json()) as { slug: string; published: boolean };
  expect(published).toBe(true);

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[data-post-body] strong')).toHaveText('before');
  await expect(page.locator('[data-post-body] li')).toHaveText(['Read', 'Listen']);

  // Editing it again loads the same text into the editor.
  await page.goto(`/admin/blog/edit/${encodeURIComponent(id)}`);
  await expect(page.getByRole('textbox', { name: 'Title *' })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Content *' }).locator('strong')).toHaveText(
    'before',
  );
});
