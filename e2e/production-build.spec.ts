import { expect, test } from '@playwright/test';

test.describe('production build', () => {
  test('serves no source maps: the scripts name none and asking for one is a 404', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const js = await request.get(url);
      expect(js.status(), url).toBe(200);
      expect((await js.text()).includes('sourceMappingURL'), url).toBe(false);
      const map = await request.get(`${url}.map`);
      expect(map.status(), `${url}.map`).toBe(404);
      expect((await map.text()).includes('sourcesContent'), `${url}.map`).toBe(false);
    }
  });
});
