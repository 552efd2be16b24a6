/**
 * docs/glossary.md#P7: rehearsal cue latency in Debian's Chromium against a private production build of this
 * tree (web app in a temporary folder, server in server/dist-rehearsal-bench/), over BENCH_CUES
 * cues (default 20) each, with no response delay:
 * - Tap: from the Space key's event time to the 'playing' event of the partner's next line.
 *   Bar: p95 <= 100 ms.
 * - Recognition: a scripted SpeechRecognition (e2e/rehearsal-cue-tools.ts) says each of the
 *   actor's lines word by word; from its last word's result to the partner's next line
 *   'playing'. Bar: p95 <= 400 ms.
 * - Detector (recognition turned off): Chromium's fake microphone plays a looped WAV (silence, a
 *   spoken phrase, silence) heard by the voice-activity detector; from the end of speech (the
 *   watcher's own analyser on the same microphone) to the partner's next line 'playing'.
 *   Bar: p95 <= 400 ms.
 * - Baselines in the same page and run: play() of an already-loaded clip, and play() right after
 *   pointing the element at another downloaded clip (what the player does at a cue, minus React).
 * Timestamps are performance.now() in the page, taken by an init script; the product is unchanged.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import {
  alternatingScene,
  createScene,
  fakeMicrophoneArgs,
  installFakeRecognition,
  makeMicrophoneWav,
  median,
  percentile,
  readTimeline,
  say,
  setUpRun,
  SPEECH_LEVEL,
  voiceCues,
  watchPage,
  type Timeline,
} from '../e2e/rehearsal-cue-tools';
import { signInByMagicLink } from '../e2e/helpers';
import { END_SILENCE_MS } from '../web/src/features/rehearsal/engine/listening';
import { failsBar, sized, SMOKE } from './smoke';
import { untilAnswering } from '../server/src/test/until-answering';

const CUES = Number(process.env.BENCH_CUES ?? sized(20, 1));
const TAP_BAR_MS = 100;
const VOICE_BAR_MS = 400;
const port = 3910;
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-rehearsal-'));
const dataDir = path.join(dir, 'data');
// The smoke run uses the build the test command has just brought up to date; a full run builds
// its own, so that editing the tree while it measures changes nothing.
const webDir = SMOKE ? path.join(root, 'web', 'dist') : path.join(dir, 'web');
const serverEntry = SMOKE ? 'dist/index.js' : 'dist-rehearsal-bench/index.js';
fs.mkdirSync(dataDir);
// e2e/helpers.ts reads sign-in mail from this server's outbox.
process.env.E2E_DATA_DIR = dataDir;
const { default: config } = await import('../e2e/playwright.config');

if (!SMOKE) {
  console.log('building the web app and server...');
  execFileSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'],
    {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, ['build.mjs', serverEntry], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
  });
}

const server = spawn(process.execPath, [path.join(root, 'server', serverEntry)], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseURL,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

async function waitReady(): Promise<void> {
  // However busy the machine: a server that cannot start exits, and that ends the wait.
  if (!(await untilAnswering(server, `${baseURL}/readyz`)))
    throw new Error('the server did not become ready');
}

const microphone = makeMicrophoneWav(dir, {
  leadS: 1,
  tailS: 2,
  // No quiet inside it that Silero hears as a stop (decision 387 ends a line at 150 ms of quiet
  // once half of it was spoken), so the partner's start is measured from the phrase's end.
  phrase: 'You know I was never late',
});
const launch = config.use?.launchOptions ?? {};
const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Your line|speaking|Ready|End/ });

/**
 * Runs a scene at speed 1.5 and gives each of the actor's lines its cue: `cue` acts and returns
 * where, in the timeline read after the partner started, the cue's moment is. Returns the
 * cue-to-playing times.
 */
async function cuedRun(
  page: Page,
  scriptId: string,
  byVoice: boolean,
  cue: (n: number) => Promise<(tl: Timeline) => number>,
): Promise<number[]> {
  await watchPage(page);
  await setUpRun(page, scriptId);
  await page.getByLabel('Speed').selectOption('1.5');
  if (byVoice) await page.getByLabel('At my lines, go on').selectOption('voice');
  await page.getByRole('button', { name: 'Play scene' }).click();
  const current = page.locator('li[aria-current="step"]');
  const out: number[] = [];
  for (let n = 1; n <= CUES; n++) {
    await expect(current).toContainText(`Answer ${n}.`, { timeout: 30_000 });
    await expect(status(page)).toHaveText(/^Your line/);
    const before = (await readTimeline(page)).playing.length;
    const momentIn = await cue(n);
    await expect
      .poll(async () => (await readTimeline(page)).playing.length)
      .toBeGreaterThan(before);
    const tl = await readTimeline(page);
    out.push(tl.playing[before]!.t - momentIn(tl));
  }
  await expect(status(page)).toHaveText('End of scene', { timeout: 30_000 });
  return out;
}

/** The tap cue: from the Space key's event to the partner's line playing. */
const tapRun = (page: Page, scriptId: string) =>
  cuedRun(page, scriptId, false, async () => {
    await page.keyboard.press('Space');
    return (tl) => tl.taps.filter((t) => t.type === 'keydown').at(-1)!.t;
  });

/** In the same page: play() of a loaded clip, and play() just after switching the source. */
async function baselines(page: Page): Promise<{ loaded: number[]; switched: number[] }> {
  const sources = [...new Set((await readTimeline(page)).playing.map((p) => p.src))];
  // tsx keeps function names with a helper that the page does not have.
  await page.evaluate('window.__name = (f) => f');
  return page.evaluate(
    async ({ sources, n }) => {
      const a = new Audio();
      const untilPlaying = () =>
        new Promise<void>((r) => a.addEventListener('playing', () => r(), { once: true }));
      const rest = () => new Promise((r) => setTimeout(r, 150));
      const loaded: number[] = [];
      const switched: number[] = [];
      a.src = sources[0]!;
      await new Promise((r) => a.addEventListener('canplaythrough', r, { once: true }));
      for (let i = 0; i < n; i++) {
        a.currentTime = 0;
        const playing = untilPlaying();
        const t0 = performance.now();
        await a.play();
        await playing;
        loaded.push(performance.now() - t0);
        a.pause();
        await rest();
      }
      for (let i = 0; i < n; i++) {
        const playing = untilPlaying();
        const t0 = performance.now();
        a.src = sources[(i + 1) % sources.length]!;
        await a.play();
        await playing;
        switched.push(performance.now() - t0);
        a.pause();
        await rest();
      }
      return { loaded, switched };
    },
    { sources, n: CUES },
  );
}

/** The scripted recogniser: from its last word's result to the partner's line playing. */
async function recognitionRun(page: Page, scriptId: string): Promise<number[]> {
  await installFakeRecognition(page);
  return cuedRun(page, scriptId, true, async (n) => {
    const last = await say(page, `answer ${n}`, 80, false);
    return () => last;
  });
}

/** Runs a scene with the detector; returns the end-of-speech-to-playing times. */
async function voiceRun(page: Page, scriptId: string): Promise<number[]> {
  await watchPage(page);
  await setUpRun(page, scriptId);
  await page.getByLabel('Speed').selectOption('1.5');
  await page.getByLabel('At my lines, go on').selectOption('voice');
  await page.getByLabel(/Follow my words/).uncheck();
  await page.getByRole('button', { name: 'Play scene' }).click();
  // The detector's model loads when the cue is chosen: the first line may wait for it.
  await expect(status(page)).toHaveText('End of scene', { timeout: CUES * 10_000 + 60_000 });
  const tl = await readTimeline(page);
  if (tl.recorders || tl.peers) throw new Error('audio could leave the page');
  const cues = voiceCues(tl);
  if (cues.length !== CUES || cues.some((c) => Number.isNaN(c.speechEnd)))
    throw new Error(`expected ${CUES} heard lines, got ${JSON.stringify(cues)}`);
  // The microphone's next phrase is 3 s after the last one ended: speech within 1 s of the
  // partner's start means it answered in the middle of the actor's phrase.
  const cutIn = cues.filter((c) =>
    tl.levels.some((l) => l.rms >= SPEECH_LEVEL && l.t > c.play && l.t < c.play + 1_000),
  );
  if (cutIn.length) throw new Error(`the partner answered mid-phrase: ${JSON.stringify(cutIn)}`);
  return cues.map((c) => c.play - c.speechEnd);
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const row = (measure: string, xs: number[], note: string) => ({
  measure,
  p50: ms(median(xs)),
  p95: ms(percentile(xs, 95)),
  n: xs.length,
  note,
});

let exitCode = 0;
const browser = await chromium.launch({
  ...launch,
  // The player's timings are measured in the full browser, as actors have it.
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
  args: [...(launch.args ?? []), ...fakeMicrophoneArgs(microphone.file)],
});
try {
  await waitReady();
  const context = await browser.newContext({ baseURL });
  await signInByMagicLink(context.request, `bench-cues-${Date.now()}@bench.test`);
  const tapScene = await createScene(context.request, 'bench taps', alternatingScene(CUES));
  const wordsScene = await createScene(context.request, 'bench words', alternatingScene(CUES));
  const voiceScene = await createScene(context.request, 'bench voice', alternatingScene(CUES));

  const taps = await tapRun(await context.newPage(), tapScene);
  const base = await baselines(context.pages()[0]!);
  const words = await recognitionRun(await context.newPage(), wordsScene);
  const voice = await voiceRun(await context.newPage(), voiceScene);

  const p95 = (xs: number[]) => percentile(xs, 95);
  console.table([
    row('tap -> partner line playing', taps, `bar: p95 <= ${TAP_BAR_MS} ms`),
    row('baseline: play() a loaded clip', base.loaded, 'same page, same run'),
    row('baseline: switch src + play()', base.switched, 'the player at a cue, minus React'),
    row(
      'last word heard -> partner line playing',
      words,
      `bar: p95 <= ${VOICE_BAR_MS} ms (no response delay); scripted recogniser`,
    ),
    row(
      'speech ends -> partner line playing',
      voice,
      `bar: p95 <= ${VOICE_BAR_MS} ms (no response delay); detector, ${END_SILENCE_MS} ms of silence`,
    ),
  ]);
  console.log(
    `tap p95 is ${(p95(taps) / p95(base.switched)).toFixed(1)}x a source switch's p95; ` +
      `last word p95 ${(p95(words) / p95(base.switched)).toFixed(1)}x; ` +
      `end of speech p95 ${(p95(voice) / p95(base.switched)).toFixed(1)}x; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  if (failsBar(p95(taps) > TAP_BAR_MS || p95(words) > VOICE_BAR_MS || p95(voice) > VOICE_BAR_MS))
    exitCode = 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
  if (!SMOKE)
    fs.rmSync(path.join(root, 'server', path.dirname(serverEntry)), {
      recursive: true,
      force: true,
    });
}
process.exitCode = exitCode;
