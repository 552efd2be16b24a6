import { expect, test, type Page } from '@playwright/test';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/plans';
import { signInByMagicLink } from './helpers';

/**
 * Pages rendered at build time (/, /voices, /pricing, /blog, /about) paint before the app's
 * scripts run. Every control must work from that first paint (decision 303): links are real
 * links, and a button pressed before the app is ready is held and pressed once it is. Each
 * journey throttles the CPU 4x, as a slow phone, and holds the framework chunk until the tap
 * has been made, so the tap lands before the app has taken the page over, every run.
 */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    /**
     * Opens `path` and taps the button `name` as soon as it shows, before the app is ready
     * (checked), then lets the app load.
     */
    async tapEarly(path: string, name: string) {
      await page.goto(path, { waitUntil: 'commit' });
      const button = page.getByRole('button', { name });
      await button.click();
      expect(await page.evaluate(() => 'appReady' in document.documentElement.dataset)).toBe(false);
      // Marked as pressed while it waits (soft: what the tap does is what counts).
      await expect.soft(button).toHaveAttribute('data-held', '');
      release();
    },
    release,
  };
}

test('a menu tapped before the app is ready opens once it is, and locks the page behind', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await (await slowPhone(page)).tapEarly('/', 'Open menu');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  // Held once, pressed once: a second tap closes it as usual.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

/**
 * Holds the pricing page's chunks until the session has been answered: the session then updates
 * the page's Suspense boundary before it has hydrated, and React draws the page again, so the
 * held button is no longer the one on screen (as happens on a slow phone whenever the session
 * answers first).
 */
async function sessionBeforePricingChunk(page: Page) {
  const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session');
  await page.route(/\/assets\/pricing-[\w-]+\.js$/, async (route) => {
    await session;
    await route.continue();
  });
}

test('signed out, "Choose Annual" tapped before the app is ready goes to sign-up with the plan', async ({
  page,
}) => {
  await sessionBeforePricingChunk(page);
  await (await slowPhone(page)).tapEarly('/pricing', 'Choose Annual');
  await expect(page).toHaveURL(/\/sign-up$/, { timeout: 20_000 });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), PENDING_PLAN_STORAGE_KEY)).toBe(
    'annual',
  );
});

test('signed in, "Choose Annual" tapped before the app is ready starts checkout', async ({
  page,
  context,
}) => {
  await signInByMagicLink(context, `early-tap-${Date.now()}@e2e.test`);
  await sessionBeforePricingChunk(page);
  await (await slowPhone(page)).tapEarly('/pricing', 'Choose Annual');
  await expect(page).toHaveURL(/\/checkout\/test\?session_id=/, { timeout: 30_000 });
  await expect(page.getByText('Test mode')).toBeVisible();
  await expect(page.getByText('Annual', { exact: true })).toBeVisible();
});

test('a link tapped before the app is ready is a real link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await slowPhone(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  app.release();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
});
