import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { makePaid, signInByMagicLink, waitForStreamingAudio } from './helpers';

// Twenty different sentences: the Studio makes a reading sentence by sentence and never makes
// the same sentence twice (decision 102), so each one needs the engine.
const SCRIPT = Array.from(
  { length: 20 },
  (_, i) => `The understudy waits in the wings and mouths line ${i + 1} along with the lead.`,
).join(' ');
const ENGINE_PROGRAMS = new Set(['festival', 'flite', 'espeak-ng', 'sox']);

/** The pid of the server under test: the node process started with this run's PORT. */
function serverPid(port: string): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!cmd[0]?.endsWith('node') || !cmd.some((a) => a.endsWith('index.js'))) continue;
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`PORT=${port}`) && env.includes('NODE_ENV=production')) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no server process on port ${port}`);
}

/** Kills one voice-engine program the server is running; false when none is running now. */
function killEngineProgram(parent: number): boolean {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const name = /^Name:\s*(\S+)/m.exec(status)?.[1] ?? '';
      const ppid = Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]);
      if (ppid === parent && ENGINE_PROGRAMS.has(name)) {
        process.kill(Number(entry), 'SIGKILL');
        return true;
      }
    } catch {
      // The program finished while we looked.
    }
  }
  return false;
}

test('a reading whose engine fails after the audio has started ends with the Studio error', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `studio-fail-${Date.now()}@e2e.test`;
  await signInByMagicLink(context.request, email);
  makePaid(email);
  const server = serverPid(new URL(baseURL!).port);
  const { voices } = (await (await context.request.get('/api/voices')).json()) as {
    voices: { id: string; name: string; category: string; engine: string }[];
  };
  // An offline voice, whose engine program this test stops (natural voices are listed first).
  const voice = voices.find((v) => v.category === 'men' && v.engine === 'local') ?? voices[0]!;

  await page.goto('/studio');
  await page.getByLabel('Search voices').fill(voice.name);
  await page.getByRole('button', { name: `Choose ${voice.name}` }).click();
  await page.getByRole('textbox', { name: 'Script' }).fill(SCRIPT);
  await page.getByRole('button', { name: 'Generate Voice Reading' }).click();

  // The first audio has arrived and plays (status 200 is long sent) ...
  await waitForStreamingAudio(page);
  // ... when the engine dies on a later sentence.
  await expect
    .poll(() => killEngineProgram(server), { timeout: 20_000, intervals: [20] })
    .toBe(true);

  await expect(page.getByRole('alert')).toHaveText('Failed to generate speech. Please try again.');
  await expect(page.getByRole('button', { name: 'Generate Voice Reading' })).toBeEnabled();
});
