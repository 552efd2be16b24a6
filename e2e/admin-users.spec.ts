import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectWhole, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'people-admin@e2e.test';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('an admin searches, views details, overrides, messages (seen in the inbox), revokes and exports', async ({
  page,
  context,
  browser,
}) => {
  // A long address, as real ones can be: the table must still show it whole.
  const target = `actor-with-a-long-stage-name-${Date.now()}@casting-department.e2e.test`;
  const userContext = await browser.newContext();
  await signInByMagicLink(userContext, target);

  await signInByMagicLink(context, ADMIN_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('heading', { name: 'Admin Control Panel' })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: 'Users & Subscriptions', selected: true }),
  ).toBeVisible();

  // Search by email prefix.
  await page
    .getByRole('searchbox', { name: 'Search by email or user ID' })
    .fill(target.slice(0, 12));
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: target }) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Users (1)' })).toBeVisible();
  await expectWhole(row.getByRole('rowheader'), target);
  await shot(page, 'admin-users-1280');

  // Details.
  await row.getByRole('button', { name: `View details of ${target}` }).click();
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details).toBeVisible();
  await expect(details.getByText(target, { exact: true })).toBeVisible();
  await expect(details.getByText('Character limit')).toBeVisible();
  await shot(page, 'admin-details-1280');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Override as paid for 7 days, by keyboard.
  await row.getByRole('button', { name: `Override access of ${target}` }).click();
  const overrideDialog = page.getByRole('dialog', { name: 'Override Access' });
  await expect(overrideDialog.getByRole('combobox', { name: 'Tier' })).toBeFocused();
  await overrideDialog.getByRole('spinbutton', { name: 'Duration (days)' }).fill('7');
  await overrideDialog.getByRole('spinbutton', { name: 'Duration (days)' }).press('Enter');
  await expect(overrideDialog).toBeHidden();
  await expect(row.getByText('Overridden (paid)')).toBeVisible();
  const sub = await userContext.request.get('/api/subscription');
  expect((await sub.json()).tier).toBe('paid');

  // Message, read by the user in their inbox.
  await row.getByRole('button', { name: `Message ${target}` }).click();
  const messageDialog = page.getByRole('dialog', { name: 'Send Message' });
  const send = messageDialog.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await messageDialog.getByRole('textbox', { name: 'Subject' }).fill('Your access is upgraded');
  await messageDialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Enjoy the Studio for a week.');
  await messageDialog.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  await send.click();
  await expect(page.getByText(`Message sent to ${target}`)).toBeVisible();

  const userPage = await userContext.newPage();
  await userPage.goto('/studio');
  await expect(
    userPage
      .getByRole('navigation', { name: 'Main' })
      .locator('..')
      .getByRole('link', { name: 'Messages, 1 unread' }),
  ).toBeVisible();
  await userPage.goto('/messages');
  await expect(userPage.getByRole('heading', { name: /Your access is upgraded/ })).toBeVisible();
  await userPage.getByRole('button', { name: 'Mark "Your access is upgraded" as read' }).click();
  await expect(userPage.getByText('No unread messages')).toBeVisible();

  // Revoke, with confirmation.
  await row.getByRole('button', { name: `Revoke override of ${target}` }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke Override' });
  await expect(revokeDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await revokeDialog.getByRole('button', { name: 'Revoke Override' }).click();
  await expect(revokeDialog).toBeHidden();
  await expect(row.getByRole('button', { name: `Override access of ${target}` })).toBeVisible();
  expect((await (await userContext.request.get('/api/subscription')).json()).tier).toBe('free');

  // Export what the search shows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^doublecast-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^Email,User ID,Sign-up Date/);
  expect(csv).toContain(`${target},`);

  // Diagnostics: a missing user record is created once.
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await page
    .getByRole('textbox', { name: 'Email for a missing user record' })
    .fill(`record-${target}`);
  await page.getByRole('button', { name: 'Create User Record' }).click();
  await expect(page.getByText(/^User record created \(user /)).toBeVisible();

  // The admin log says who did what to whom, in words; the raw details are behind a toggle.
  await page.getByRole('tab', { name: 'Admin Log' }).click();
  for (const sentence of [
    `${ADMIN_EMAIL} set ${target}'s access to paid for 7 days`,
    `${ADMIN_EMAIL} sent ${target} a message “Your access is upgraded”`,
    `${ADMIN_EMAIL} revoked ${target}'s override (paid)`,
    `${ADMIN_EMAIL} exported the users list as CSV`,
    `${ADMIN_EMAIL} created a user record for record-${target}`,
  ]) {
    await expect(page.getByText(sentence).first()).toBeVisible();
  }
  const logRow = page.getByRole('row').filter({ hasText: `revoked ${target}'s override` });
  await expect(logRow.getByText('"reason": "Admin override"')).toBeHidden();
  await logRow.getByText('Details', { exact: true }).click();
  await expect(logRow.getByText('"reason": "Admin override"')).toBeVisible();
  await shot(page, 'admin-log-1280');

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Users & Subscriptions' }).click();
  await page.getByRole('searchbox', { name: 'Search by email or user ID' }).fill(target);
  await expect(row).toHaveCount(1);
  // The email is the row's identifier: shown whole at a phone's width too.
  await expectWhole(row.getByRole('rowheader'), target);
  await shot(page, 'admin-users-390');
  await row.getByRole('button', { name: `View details of ${target}` }).click();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
  await shot(page, 'admin-details-390');
  await userContext.close();
});
