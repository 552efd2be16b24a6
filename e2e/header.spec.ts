import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appReady, expectWhole, signInByMagicLink } from './helpers';

/**
 * The header at the widths people use, signed in as an admin (the longest navigation), as a
 * plain user and signed out: every item on one line, nothing overlapping or past the edge, and
 * below the desktop breakpoint the menu button with everything in its menu. The admin's address
 * is long: the greeting shows it whole, wrapping over up to three lines in the bar (every other
 * item keeps to one line), and never cuts it short.
 * E2E_SHOTS_DIR, when set, keeps a screenshot of each.
 */
const WIDTHS = [1280, 1024, 768, 390] as const;
/**
 * Signed in, the desktop bar shows from Tailwind's xl breakpoint (1280 px), signed out from lg
 * (1024 px); the menu button below that.
 */
const WHO = [
  { name: 'admin', email: 'header-admin-with-a-long-address@e2e.test', desktopFrom: 1280 },
  { name: 'user', email: 'header-user@e2e.test', desktopFrom: 1280 },
  { name: 'visitor', email: null, desktopFrom: 1024 },
] as const;

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The boxes of the header's visible items, left to right, with each item's line count. */
async function headerItems(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header > div')!;
    const items = Array.from(header.querySelectorAll('a, button, p')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.closest('[aria-label="Mobile"]') === null;
    });
    return items.map((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const lines = Math.round(
        (r.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) /
          parseFloat(style.lineHeight),
      );
      return { text: el.textContent?.trim() ?? '', left: r.left, right: r.right, lines };
    });
  });
}

for (const who of WHO) {
  // One sign-in per person (the mail limit is three a day per address), every width in turn.
  test(`the header fits at ${WIDTHS.join(', ')} px for ${who.name === 'admin' ? 'an' : 'a'} ${who.name}`, async ({
    context,
    page,
  }) => {
    if (who.email) await signInByMagicLink(context, who.email);
    const account = who.email ? 'Sign Out' : 'Sign In';
    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        // The home page is rendered at build time: its menu button works once the app has it.
        await appReady(page);
        const main = page.getByRole('navigation', { name: 'Main' });
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        // Items of the desktop bar stay in the page while the menu shows, hidden.
        const shown = (text: string) =>
          page.getByText(text, { exact: true }).filter({ visible: true });
        if (width >= who.desktopFrom) {
          await expect(main).toBeVisible();
          await expect(menuButton).toBeHidden();
          if (who.name === 'admin') await expect(main.getByText('Admin Panel')).toBeVisible();
          if (who.name === 'admin') await expect(shown('[Admin]')).toHaveCount(1);
          if (who.email) await expect(shown(who.email)).toHaveCount(1);
          if (who.email) await expectWhole(shown(who.email), who.email);
          await expect(shown(account)).toHaveCount(1);
          const items = await headerItems(page);
          for (const item of items) {
            const most = item.text.startsWith('Hi,') ? 3 : 1;
            expect.soft(item.lines, `"${item.text}" lines`).toBeLessThanOrEqual(most);
          }
          for (let i = 1; i < items.length; i += 1) {
            expect
              .soft(items[i]!.left, `"${items[i]!.text}" after "${items[i - 1]!.text}"`)
              .toBeGreaterThanOrEqual(items[i - 1]!.right);
          }
          expect.soft(items.at(-1)!.right).toBeLessThanOrEqual(width);
          await shot(page, `header-${who.name}-${width}`);
        } else {
          await expect(main).toBeHidden();
          await shot(page, `header-${who.name}-${width}`);
          await menuButton.click();
          const menu = page.getByRole('navigation', { name: 'Mobile' });
          await expect(menu).toBeVisible();
          if (who.name === 'admin') await expect(menu.getByText('Admin Panel')).toBeVisible();
          if (who.name === 'admin') await expect(shown('[Admin]')).toHaveCount(1);
          if (who.email) await expect(shown(who.email)).toHaveCount(1);
          if (who.email) await expectWhole(shown(who.email), who.email);
          await expect(shown(account)).toHaveCount(1);
          await shot(page, `header-${who.name}-${width}-menu`);
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect.soft(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
