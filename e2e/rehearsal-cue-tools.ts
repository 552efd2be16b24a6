import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared by e2e/rehearsal-cues.spec.ts and bench/rehearsal.bench.ts: a fake microphone, a
 * two-character scene, and a watcher that timestamps the player's cues from outside the product.
 */

/** The player's speech threshold (RMS), from web/src/features/rehearsal/components/use-voice-cue.ts. */
export const SPEECH_LEVEL = 0.035;

const RATE = 48_000;

/**
 * Builds a WAV for Chromium's fake capture device (which loops it) with sox and espeak-ng:
 * `leadS` of silence, a spoken phrase (its own silences trimmed), then `tailS` of silence.
 */
export function makeMicrophoneWav(
  dir: string,
  { leadS, tailS, phrase }: { leadS: number; tailS: number; phrase: string },
): { file: string; speechSeconds: number } {
  const sox = (...args: string[]) => execFileSync('sox', args);
  const f = (name: string) => path.join(dir, name);
  execFileSync('espeak-ng', ['-v', 'en', '-s', '190', '-w', f('phrase-raw.wav'), phrase]);
  sox(f('phrase-raw.wav'), '-r', String(RATE), '-c', '1', '-b', '16', f('p1.wav'));
  sox(f('p1.wav'), f('p2.wav'), 'silence', '1', '0.01', '0.5%', 'reverse');
  sox(f('p2.wav'), f('p3.wav'), 'silence', '1', '0.01', '0.5%', 'reverse');
  sox(f('p3.wav'), f('phrase.wav'), 'norm', '-3');
  const silence = (name: string, s: number) => {
    sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', f(name), 'trim', '0', String(s));
    return f(name);
  };
  const file = f('microphone.wav');
  sox(silence('lead.wav', leadS), f('phrase.wav'), silence('tail.wav', tailS), file);
  const speechSeconds = Number(execFileSync('sox', ['--i', '-D', f('phrase.wav')]).toString());
  return { file, speechSeconds };
}

/** Chromium flags that make `file` the microphone and accept the permission prompt. */
export const fakeMicrophoneArgs = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${file}`,
];

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

/** Saves a scene of [character, line] pairs; returns the script id. */
export async function createScene(
  request: APIRequestContext,
  title: string,
  lines: [string, string][],
): Promise<string> {
  const content = lines.map(([who, text]) => `${who}\n${text}\n`).join('\n');
  const res = await request.post('/api/scripts', { data: { title, content }, headers: sameOrigin });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** BEN and ANNA alternate, BEN first and last: `cues` of ANNA's lines, each followed by BEN's. */
export function alternatingScene(cues: number): [string, string][] {
  const lines: [string, string][] = [];
  for (let i = 1; i <= cues + 1; i++) {
    lines.push(['BEN', `Line ${i}, go.`]);
    if (i <= cues) lines.push(['ANNA', `Answer ${i}.`]);
  }
  return lines;
}

/** Opens the practice page on a script, plays ANNA and gives BEN a fast espeak voice (Rupert). */
export async function setUpRun(page: Page, scriptId: string) {
  await page.goto(`/practice?script=${scriptId}`);
  await expect(page.getByRole('heading', { name: 'Practice' })).toBeVisible();
  await page.getByLabel('My role').selectOption('ANNA');
  const ben = page.getByLabel(/^BEN/);
  const rupert = await ben.locator('option', { hasText: /^Rupert/ }).textContent();
  await ben.selectOption({ label: rupert! });
  await page.getByRole('button', { name: 'Start rehearsal' }).click();
}

export interface Timeline {
  /** performance.now() of every 'playing' event of any audio element, with its source. */
  playing: { t: number; src: string }[];
  /** Event timestamps (performance.now() clock) of every key press, pointer press and click. */
  taps: { t: number; type: string }[];
  /** Every microphone level the player read: time and RMS. */
  levels: { t: number; rms: number }[];
  micOpenedAt: number | null;
  /** Ways audio could leave the page: recorders and peer connections made. */
  recorders: number;
  peers: number;
}

/**
 * Watches the page from outside the product (an init script): audio 'playing' events, taps,
 * the levels the player's analyser reads, and any recorder or peer connection.
 */
export function watchPage(page: Page) {
  return page.addInitScript(() => {
    const tl: Timeline = {
      playing: [],
      taps: [],
      levels: [],
      micOpenedAt: null,
      recorders: 0,
      peers: 0,
    };
    (window as unknown as { __cues: Timeline }).__cues = tl;
    // Media events do not bubble, but a capturing listener on the document still sees them.
    document.addEventListener(
      'playing',
      (e) => tl.playing.push({ t: performance.now(), src: (e.target as HTMLAudioElement).src }),
      true,
    );
    for (const type of ['keydown', 'click', 'pointerdown'])
      window.addEventListener(type, (e) => tl.taps.push({ t: e.timeStamp, type }), true);
    const read = AnalyserNode.prototype.getFloatTimeDomainData;
    AnalyserNode.prototype.getFloatTimeDomainData = function (data: Float32Array<ArrayBuffer>) {
      read.call(this, data);
      let sum = 0;
      for (const v of data) sum += v * v;
      tl.levels.push({ t: performance.now(), rms: Math.sqrt(sum / data.length) });
    };
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      tl.micOpenedAt = performance.now();
      return stream;
    };
    if (window.MediaRecorder) {
      const Recorder = window.MediaRecorder;
      window.MediaRecorder = class extends Recorder {
        constructor(...args: ConstructorParameters<typeof MediaRecorder>) {
          super(...args);
          tl.recorders++;
        }
      };
    }
    const Peer = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Peer {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        tl.peers++;
      }
    };
  });
}

export const readTimeline = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cues: Timeline }).__cues);

/**
 * For each partner line after the first: the speech the player heard since the previous partner
 * line started (or the microphone opened), and how long after the last loud reading the partner
 * line began playing.
 */
export function voiceCues(
  tl: Timeline,
): { speechStart: number; speechEnd: number; play: number; since: number }[] {
  const plays = tl.playing.filter((p) => p.src.startsWith('blob:'));
  const loud = tl.levels.filter((l) => l.rms >= SPEECH_LEVEL);
  const out = [];
  let since = tl.micOpenedAt ?? 0;
  for (const p of plays) {
    if (p.t < since) continue;
    const heard = loud.filter((l) => l.t > since && l.t < p.t);
    out.push({
      speechStart: heard[0]?.t ?? NaN,
      speechEnd: heard.at(-1)?.t ?? NaN,
      play: p.t,
      since,
    });
    since = p.t;
  }
  return out;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
