import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import Database from 'better-sqlite3';
import { appReady, dataDir, markOutbox, readMailLink, signInByMagicLink } from './helpers';

const REQUIRED =
  'Subscribe to unlock the Voice Studio and start creating professional voice readings!';

/** The checkout and purchase events the server stored for a user, oldest first. */
function moneyEvents(email: string): string[] {
  const db = new Database(path.join(dataDir(), 'doublecast.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT e.name FROM analytics_events e JOIN users u ON u.id = e.user_id
         WHERE u.email = ? AND e.name NOT IN ('identify', 'page_view', 'exception')
         ORDER BY e.id`,
      )
      .all(email) as { name: string }[];
    return rows.map((r) => r.name);
  } finally {
    db.close();
  }
}

/** On /pricing, signed out: Monthly, sign-up by magic link, and on to the test-mode checkout. */
async function chooseMonthlyAndSignUp(page: Page, email: string) {
  await appReady(page);
  await page.getByRole('button', { name: 'Choose Monthly' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  const mark = markOutbox();
  await page.getByLabel(/email/i).first().fill(email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText(`Magic link sent to ${email}! Check your inbox.`)).toBeVisible();
  await page.goto(await readMailLink(email, '/finish-sign-up', mark));
  // After sign-in the pending plan continues to the built-in test-mode checkout.
  await expect(page.getByText('Test mode')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout\/test\?session_id=/);
}

test('signed out: choose Monthly, sign up by magic link, pay in test mode, open the Studio', async ({
  page,
}) => {
  const email = `billing-${Date.now()}@e2e.test`;
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Cancel anytime')).toBeVisible();
  await chooseMonthlyAndSignUp(page, email);
  await expect(page.getByText('Monthly', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ }).click();

  await expect(page).toHaveURL(/\/subscribe\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Welcome to Doublecast Pro!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Practicing' })).toHaveAttribute(
    'href',
    '/practice',
  );

  const status = await page.request.get('/api/subscription');
  expect(await status.json()).toMatchObject({
    tier: 'paid',
    status: 'active',
    plan: 'monthly',
    provider: 'test',
  });

  await page.goto('/studio');
  await expect(page).toHaveURL(/\/studio/);
  await expect(page.getByText(REQUIRED)).toHaveCount(0);

  // The server recorded the checkout and the verified purchase once; the page cannot add more.
  const forged = await page.request.post('/api/events', {
    data: { name: 'purchase', properties: { plan: 'annual', value: 999, currency: 'USD' } },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(forged.status()).toBe(400);
  expect(moneyEvents(email)).toEqual([
    'stripe_checkout_started',
    'begin_checkout',
    'InitiateCheckout',
    'purchase',
    'Purchase',
  ]);

  // The account page shows the plan and, in test mode, cancels at the period end.
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Subscription' });
  await expect(panel.getByText('Monthly plan')).toBeVisible();
  await expect(panel.getByText(/^Renews on /)).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel Subscription' }).click();
  await panel.getByRole('button', { name: 'Yes, cancel at period end' }).click();
  await expect(panel.getByText(/^Ends on /)).toBeVisible();
  expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({
    tier: 'paid',
    status: 'canceled',
  });
});

test('signed out: one Monthly choice through magic-link sign-up starts exactly one checkout, and leaving it stays on /subscribe/cancel', async ({
  page,
}) => {
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkout')
      checkouts.push(request.url());
  });
  const email = `one-checkout-${Date.now()}@e2e.test`;
  await page.goto('/pricing');
  await chooseMonthlyAndSignUp(page, email);
  const checkoutUrl = page.url();
  // A loop would start a checkout about every 100 ms; a second is ample to see one.
  await page.waitForTimeout(1500);
  expect(checkouts).toHaveLength(1);
  expect(page.url()).toBe(checkoutUrl);

  // Leaving the provider's checkout (Stripe sends the browser to the cancel address).
  await page.goto('/subscribe/cancel');
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/subscribe\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  // Back at the checkout page, then cancelling there: still the one checkout.
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/subscribe\/cancel$/);
  expect(checkouts).toHaveLength(1);
  expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({
    tier: 'free',
  });
});

test('a free user opening the Studio is sent to pricing with the subscription_required banner', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context.request, `free-${Date.now()}@e2e.test`);
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/pricing\?message=subscription_required$/);
  await expect(page.getByRole('status').filter({ hasText: REQUIRED })).toBeVisible();
});

test('cancelling the test-mode checkout leads to the cancel page and back to pricing', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context.request, `cancel-${Date.now()}@e2e.test`);
  await page.goto('/pricing');
  await appReady(page);
  await page.getByRole('button', { name: 'Choose Annual' }).click();
  await expect(page.getByText('Test mode')).toBeVisible();
  await expect(page.getByText(/\$59\.99 USD \/ year/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({
    tier: 'free',
  });
});
