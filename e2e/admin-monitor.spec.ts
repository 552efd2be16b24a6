import { expect, test } from '@playwright/test';
import { MONITOR_TEXTS } from '@doublecast/common/monitor';
import { makePaid, refusedByPolicy, signInByMagicLink } from './helpers';

const ADMIN_EMAIL = 'monitor-admin@e2e.test';

test('an admin watches the voice-provider monitor in real-time mode and sees a new reading appear live', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const refused = refusedByPolicy(page);
  await signInByMagicLink(context, ADMIN_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=monitor');
  await expect(page.getByRole('tab', { name: 'API Monitor', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'API Monitor' })).toBeVisible();
  await expect(page.getByLabel('Time range')).toHaveValue('24h');
  await expect(page.getByLabel('Refresh interval')).toHaveValue('60000');
  await expect(page.getByText('Total Requests', { exact: true })).toBeVisible();

  // A range with nothing in it shows the empty texts.
  await page.getByLabel('Time range').selectOption('30d');
  await page.getByLabel('Time range').selectOption('24h');

  // Real-time mode: the interval and Refresh Now are off, the stream is live.
  await page.getByRole('checkbox', { name: 'Real-time' }).check();
  await expect(page.getByLabel('Refresh interval')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Refresh Now' })).toBeDisabled();
  await expect(page.getByText('Live: new requests appear as they happen')).toBeVisible();

  // Another person makes a reading.
  const actor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const email = `monitor-actor-${Date.now()}@e2e.test`;
    await signInByMagicLink(actor.request, email);
    makePaid(email);
    const voices = (await (await actor.request.get('/api/voices')).json()) as {
      voices: { id: string; name: string }[];
    };
    const voice = voices.voices[0]!;
    const text = `A line for the monitor, said at ${Date.now()}.`;
    const made = await actor.request.post('/api/readings', {
      data: { voiceId: voice.id, text },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(made.status()).toBe(200);

    // It appears in the recent requests without a refresh.
    const recent = page.getByRole('region', { name: 'Recent Requests' });
    const row = recent.getByRole('row').filter({ hasText: voice.name }).first();
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect(row).toContainText(String(text.length));
    await expect(row.getByText('Success')).toBeAttached();
    await expect(page.getByRole('region', { name: 'Top Voice Usage' })).toContainText(voice.name);
    await expect(page.getByText(MONITOR_TEXTS.noData)).toHaveCount(0);

    await page.screenshot({ path: 'test-results/monitor-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/monitor-390.png', fullPage: true });
  } finally {
    await actor.close();
  }
  // The charts style their canvases through the CSSOM, which the CSP allows (decision 142).
  expect(refused).toEqual([]);
});
