import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { PROOF_WORKERS, startCluster, type Cluster } from '../../server/src/test/cluster';
import type { RealServer } from '../../server/src/test/real-server';
import { makeReaderTrack, signInByMagicLink, waitForStreamingAudio } from '../helpers';

/**
 * Issue 16's proof (decision 244): two server processes of the production build on PostgreSQL
 * and an S3-compatible bucket, two synthesis workers (SYNTHESIS_QUEUE=postgres), nginx in front
 * with docs/deploy.md's configuration; the Studio and rehearsal journeys run in Chromium across
 * them.
 */
const root = path.resolve(import.meta.dirname, '../..');

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const cluster = await startCluster({
        entry: path.resolve(root, process.env.E2E_SERVER_ENTRY ?? 'server/dist/index.js'),
        webDistDir: path.resolve(root, process.env.E2E_WEB_DIST_DIR ?? 'web/dist'),
        servers: 2,
        workers: PROOF_WORKERS,
        nginx: true,
        // The request log, to see which process answered what.
        env: { LOG_LEVEL: 'info' },
      });
      // The helpers read sign-in mail from E2E_DATA_DIR/outbox.
      process.env.E2E_DATA_DIR = path.dirname(cluster.outboxDir);
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ cluster }, use) => use(cluster.url),
});
test.describe.configure({ mode: 'serial' });

/** One process's own address (same host as nginx's, so the browser's cookies go to both). */
const direct = (server: RealServer) => `http://localhost:${server.port}`;
/** Whether a process's request log shows `method path` answered. */
const answered = (server: RealServer, method: string, url: string) =>
  server
    .log()
    .split('\n')
    .some((l) => l.includes(`"method":"${method}"`) && l.includes(`"url":"${url}"`));
const sameOrigin = { 'sec-fetch-site': 'same-origin' };
/** Syntheses the workers finished so far (from their logs); the servers only queue them. */
const jobsDone = (cluster: Cluster) =>
  cluster.workers.reduce((n, w) => n + w.log().split('"synthesis job done"').length - 1, 0);

async function signInPaid(context: BrowserContext, cluster: Cluster, email: string, at = '') {
  await signInByMagicLink(context, email, at);
  await cluster.query(
    `update users set subscription_status = 'active', subscription_tier = 'paid', plan = 'monthly' where email = $1`,
    [email],
  );
}

async function firstVoice(context: BrowserContext): Promise<{ id: string; name: string }> {
  const answer = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string }[];
  };
  return answer.voices[0]!;
}

const streamComplete = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector<HTMLAudioElement>('audio[data-studio-player]')?.dataset.streamComplete,
  );

test('sign in on one process, generate through the other, download from either', async ({
  page,
  context,
  cluster,
}) => {
  const [a, b] = cluster.servers as [RealServer, RealServer];
  const email = `scale-studio-${Date.now()}@e2e.test`;
  await signInPaid(context, cluster, email, direct(a));
  expect(answered(a, 'POST', '/api/auth/magic-link/verify')).toBe(true);
  // The session made on A is good on B.
  expect((await context.request.get(`${direct(b)}/api/readings`)).status()).toBe(200);

  // The Studio opened on B's own address, so the reading is made there (through nginx either
  // process could answer; the browser's cookies go to both, as they name the host only).
  const voice = await firstVoice(context);
  await page.goto(`${direct(b)}/studio?voice=${encodeURIComponent(voice.id)}`);
  await expect(page.getByRole('button', { name: 'Change Reader' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Script' })
    .fill('To be, or not to be, that is the question. Whether tis nobler in the mind to suffer.');
  await page.getByRole('button', { name: 'Generate Voice Reading' }).click();
  await waitForStreamingAudio(page, 30_000);
  await expect.poll(() => streamComplete(page), { timeout: 60_000 }).toBe('true');
  await expect(page.getByRole('list', { name: 'Readings' }).getByRole('listitem')).toHaveCount(1);
  expect(answered(b, 'POST', '/api/readings')).toBe(true);
  expect(answered(a, 'POST', '/api/readings')).toBe(false);
  if (PROOF_WORKERS) expect(jobsDone(cluster)).toBeGreaterThan(0);
  expect(cluster.nginx!.accessLog()).not.toContain('POST /api/readings ');

  // Download in the page (from B), then the same bytes from A and through nginx.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).first().click(),
  ]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.length).toBeGreaterThan(10_000);
  const list = (await (await context.request.get('/api/readings')).json()) as {
    generations: { id: string }[];
  };
  for (const origin of [direct(a), cluster.url]) {
    const audio = await context.request.get(
      `${origin}/api/readings/${list.generations[0]!.id}/audio?download=1`,
    );
    expect(audio.status()).toBe(200);
    expect(Buffer.compare(await audio.body(), bytes)).toBe(0);
  }
});

test('rate limits hold across both processes', async ({ cluster, playwright }) => {
  // Magic-link mails: 3 per email in 15 minutes (glossary S9), asked of each process in turn,
  // each time from another client address so only the per-email limit counts.
  const request = await playwright.request.newContext();
  const email = `scale-limit-${Date.now()}@e2e.test`;
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = cluster.servers[i % 2]!;
    const sent = await request.post(`${direct(server)}/api/auth/magic-link`, {
      data: { email },
      headers: { ...sameOrigin, 'x-forwarded-for': `10.200.0.${i + 1}` },
    });
    statuses.push(sent.status());
  }
  await request.dispose();
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

const SCENE = `INT. STAGE DOOR - NIGHT

BEN
You locked me out again.

ANNA
You were late again.

BEN
Fair enough. See you tomorrow.

ANNA
Tomorrow, then.
`;

test('killing one process loses no acknowledged write; the rehearsal finishes on the other', async ({
  page,
  context,
  cluster,
}) => {
  test.setTimeout(150_000);
  const [a, b] = cluster.servers as [RealServer, RealServer];
  const email = `scale-rehearsal-${Date.now()}@e2e.test`;
  await signInPaid(context, cluster, email);

  // Import the scene through nginx.
  const dir = fs.mkdtempSync(path.join(path.dirname(cluster.outboxDir), 'scene-'));
  const file = path.join(dir, 'stage-door.fountain');
  fs.writeFileSync(file, SCENE);
  await page.goto('/scripts');
  await page.getByLabel(/Script file/).setInputFiles(file);
  await expect(page.getByText('Imported "stage door".')).toBeVisible();

  // A reading made on A and acknowledged (its whole answer arrived), then A is killed.
  const voice = await firstVoice(context);
  const made = await context.request.post(`${direct(a)}/api/readings`, {
    data: { voiceId: voice.id, text: 'Saved on the process that is about to die.' },
    headers: sameOrigin,
  });
  expect(made.status()).toBe(200);
  const madeBytes = (await made.body()).length;
  const madeId = made.headers()['x-generation-id']!;
  const logBeforeKill = cluster.nginx!.accessLog().length;
  const jobsBeforeKill = jobsDone(cluster);
  a.process.kill('SIGKILL');
  expect(await a.exited).toBe('SIGKILL');

  // The rehearsal journey goes on through nginx, which now finds only B.
  await page.goto('/scripts');
  await page.getByRole('link', { name: 'Practice stage door' }).click();
  await expect(page.getByRole('heading', { name: 'Practice' })).toBeVisible();
  await page.getByLabel('My role').selectOption('ANNA');
  await page.getByLabel(/^BEN/).selectOption({ index: 0 });
  // Start rehearsal opens the script's run page and starts the scene.
  await page.getByRole('button', { name: 'Start rehearsal' }).click();
  await expect(page).toHaveURL(/\/practice\/[^/]+$/);
  const status = page
    .getByRole('status')
    .filter({ hasText: /Your line|speaking|Ready|Paused|End/ });
  const cue = 'Your line. Tap Continue or press Space when you are done.';
  await expect(status).toHaveText(cue, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('li[aria-current="step"]')).toContainText('Tomorrow, then.', {
    timeout: 30_000,
  });
  await expect(status).toHaveText(cue, { timeout: 30_000 });
  await page.keyboard.press('Space');
  await expect(status).toHaveText('End of scene');

  await page.getByRole('link', { name: 'Back to setup' }).click();
  await page.getByLabel('My role').selectOption('ANNA');
  const seconds = await makeReaderTrack(page, dir);
  expect(seconds).toBeGreaterThan(1);

  // The reading acknowledged by A is in history, and its audio comes from the bucket through B.
  const history = (await (await context.request.get('/api/readings')).json()) as {
    generations: { id: string }[];
  };
  expect(history.generations.map((g) => g.id)).toContain(madeId);
  const audio = await context.request.get(`/api/readings/${madeId}/audio`);
  expect(audio.status()).toBe(200);
  expect((await audio.body()).length).toBe(madeBytes);

  // The rehearsal's lines were made by the workers after A died.
  if (PROOF_WORKERS) expect(jobsDone(cluster)).toBeGreaterThan(jobsBeforeKill);

  // nginx sent requests to both before the kill, and every request after it was answered by B.
  const log = cluster.nginx!.accessLog();
  const upstreams = (lines: string) =>
    lines
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ')[1]);
  expect(new Set(upstreams(log.slice(0, logBeforeKill)))).toEqual(
    new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]),
  );
  const after = log.slice(logBeforeKill).split('\n').filter(Boolean);
  expect(after.length).toBeGreaterThan(10);
  for (const line of after) {
    expect(line).toMatch(new RegExp(`127\\.0\\.0\\.1:${b.port} `));
    expect(line).not.toMatch(/^5\d\d /);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
