import { expect, test } from '@playwright/test';

test.describe('public voice catalogue', () => {
  test('Hear Sample: /voices?autoplay=tom selects Men, plays Tom and then offers Try in Studio', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Hear Sample' }).click();
    await expect(page).toHaveURL(/\/voices\?autoplay=tom$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Voice' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^MEN/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const tomCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Tom', exact: true }) });
    await expect(tomCard.getByRole('button', { name: /^Playing\.\.\./ })).toBeVisible();
    await expect(tomCard.getByRole('button', { name: /^Playing\.\.\./ })).toBeDisabled();
    const audio = page.getByTestId('voice-preview-audio');
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const tryLink = tomCard.getByRole('link', { name: /Try in Studio/ });
    await expect(tryLink).toBeVisible({ timeout: 20_000 });
    await expect(tryLink).toHaveAttribute('href', /^\/signin\?redirect=\/studio&voice=[\w-]+$/);
    await expect(tomCard.getByRole('button', { name: /^Preview Voice/ })).toBeEnabled();
  });

  test('categories with counts, search once a category is chosen, and the empty state', async ({
    page,
  }) => {
    await page.goto('/voices');
    const men = page.getByRole('button', { name: /^MEN \(\d+\)$/ });
    const women = page.getByRole('button', { name: /^WOMEN \(\d+\)$/ });
    const children = page.getByRole('button', { name: /^CHILDREN \(\d+\)$/ });
    await expect(men).toBeVisible();
    await expect(page.getByLabel('Search voices')).toHaveCount(0);

    await children.click();
    await expect(children).toHaveAttribute('aria-pressed', 'true');
    const count = Number((await children.textContent())!.match(/\((\d+)\)/)![1]);
    await expect(page.getByRole('list', { name: 'Voices' }).locator(':scope > li')).toHaveCount(
      count,
    );

    await women.click();
    const search = page.getByLabel('Search voices');
    await search.fill('scottish');
    await expect(page.getByRole('heading', { name: 'Isla', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sally', exact: true })).toHaveCount(0);

    await search.fill('no such voice anywhere');
    await expect(page.getByText('No voices match your filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(page.getByRole('heading', { name: 'Sally', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tom', exact: true })).toBeVisible();
  });
});
