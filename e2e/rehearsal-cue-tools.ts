import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared by e2e/rehearsal-cues.spec.ts and bench/rehearsal.bench.ts: a fake microphone, a
 * two-character scene, and a watcher that timestamps the player's cues from outside the product.
 */

/** The level (RMS) over which the watcher counts the fake microphone's audio as speech. */
export const SPEECH_LEVEL = 0.035;

const RATE = 48_000;

/**
 * Builds a WAV for Chromium's fake capture device (which loops it) with sox and espeak-ng:
 * `leadS` of silence, a spoken phrase (its own silences trimmed), and with `after`, `pauseS` of
 * silence and a second phrase; then `tailS` of silence.
 */
export function makeMicrophoneWav(
  dir: string,
  {
    leadS,
    tailS,
    phrase,
    pauseS = 0,
    after,
  }: { leadS: number; tailS: number; phrase: string; pauseS?: number; after?: string },
): { file: string; speechSeconds: number; speechEndS: number } {
  const sox = (...args: string[]) => execFileSync('sox', args);
  const f = (name: string) => path.join(dir, name);
  const speak = (text: string, name: string) => {
    execFileSync('espeak-ng', ['-v', 'en', '-s', '190', '-w', f(`${name}-raw.wav`), text]);
    sox(f(`${name}-raw.wav`), '-r', String(RATE), '-c', '1', '-b', '16', f(`${name}-1.wav`));
    sox(f(`${name}-1.wav`), f(`${name}-2.wav`), 'silence', '1', '0.01', '0.5%', 'reverse');
    sox(f(`${name}-2.wav`), f(`${name}-3.wav`), 'silence', '1', '0.01', '0.5%', 'reverse');
    sox(f(`${name}-3.wav`), f(`${name}.wav`), 'norm', '-3');
    return f(`${name}.wav`);
  };
  const silence = (name: string, s: number) => {
    sox('-n', '-r', String(RATE), '-c', '1', '-b', '16', f(name), 'trim', '0', String(s));
    return f(name);
  };
  const speech = [speak(phrase, 'phrase')];
  if (after) speech.push(silence('pause.wav', pauseS), speak(after, 'after'));
  const file = f('microphone.wav');
  sox(silence('lead.wav', leadS), ...speech, silence('tail.wav', tailS), file);
  const speechSeconds = speech.reduce(
    (sum, part) => sum + Number(execFileSync('sox', ['--i', '-D', part]).toString()),
    0,
  );
  return { file, speechSeconds, speechEndS: leadS + speechSeconds };
}

/** Chromium flags that make `file` the microphone and accept the permission prompt. */
export const fakeMicrophoneArgs = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${file}`,
];

export type Microphone = ReturnType<typeof makeMicrophoneWav>;

/**
 * `test` with a browser whose microphone plays the WAV `options` describe. The WAV is made once per
 * test worker, in a folder removed when the worker stops: not when the spec file is loaded, which
 * the runner also does just to list the tests.
 */
export function testWithMicrophone(options: Parameters<typeof makeMicrophoneWav>[1]) {
  return test.extend<object, { microphone: Microphone }>({
    microphone: [
      // Playwright reads a fixture's dependencies from its first parameter's pattern.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-mic-'));
        try {
          await use(makeMicrophoneWav(dir, options));
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
      { scope: 'worker' },
    ],
    launchOptions: [
      async ({ launchOptions, microphone }, use) => {
        await use({
          ...launchOptions,
          args: [...(launchOptions.args ?? []), ...fakeMicrophoneArgs(microphone.file)],
        });
      },
      { scope: 'worker' },
    ],
  });
}

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

/**
 * Opens the practice page on a script, plays `role` (ANNA) and gives the other character (BEN) a
 * fast espeak voice (Rupert), and opens the run page with Start rehearsal. That starts the scene
 * at once; the page is then opened again by its address (which does not), so the caller chooses
 * its settings and presses Play scene.
 */
export async function setUpRun(
  page: Page,
  scriptId: string,
  { role = 'ANNA', partner = 'BEN' }: { role?: string; partner?: string } = {},
) {
  await page.goto(`/practice?script=${scriptId}`);
  await expect(page.getByRole('heading', { name: 'Practice' })).toBeVisible();
  await page.getByLabel('My role').selectOption(role);
  const other = page.getByLabel(new RegExp(`^${partner}`));
  const rupert = await other.locator('option', { hasText: /^Rupert/ }).textContent();
  await other.selectOption({ label: rupert! });
  await page.getByRole('button', { name: 'Start rehearsal' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice/${scriptId}$`));
  // Once the scene has started, the page no longer asks to start it (its history entry says so).
  await expect(page.getByRole('button', { name: /^(Pause|Continue)$/ })).toBeVisible();
  await page.goto(`/practice/${scriptId}`);
  await expect(page.getByRole('button', { name: 'Play scene' })).toBeVisible();
}

/**
 * A scripted SpeechRecognition for the page (before it loads): the test makes it "hear" words
 * with `window.__speech.say(text, { gapMs, final })`, emitted one word at a time as interim
 * results of one result slot, as Chromium's recogniser does, then final; each emission is
 * timestamped (performance.now()).
 */
export async function installFakeRecognition(page: Page) {
  // The benchmarks load this file through tsx, whose output names functions through a `__name`
  // helper the page does not have.
  await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  return page.addInitScript(() => {
    interface Slot {
      isFinal: boolean;
      transcript: string;
    }
    type Handler = ((e: unknown) => void) | null;
    const emitted: { t: number; transcript: string; isFinal: boolean }[] = [];
    const live: { rec: FakeRecognition | null } = { rec: null };
    class FakeRecognition {
      continuous = false;
      interimResults = false;
      lang = '';
      maxAlternatives = 1;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: Handler = null;
      onstart: Handler = null;
      slots: Slot[] = [];
      start() {
        live.rec = this;
        setTimeout(() => this.onstart?.({}), 0);
      }
      abort() {
        if (live.rec === this) live.rec = null;
      }
      stop() {
        this.abort();
      }
      emit(index: number) {
        const results = this.slots.map((s) =>
          Object.assign([{ transcript: s.transcript }], { isFinal: s.isFinal }),
        );
        const slot = this.slots[index]!;
        emitted.push({ t: performance.now(), transcript: slot.transcript, isFinal: slot.isFinal });
        this.onresult?.({ resultIndex: index, results });
      }
    }
    const w = window as unknown as Record<string, unknown>;
    w.SpeechRecognition = FakeRecognition;
    w.webkitSpeechRecognition = FakeRecognition;
    w.__speech = {
      emitted,
      running: () => live.rec !== null,
      /** Says `text` word by word, `gapMs` apart; resolves with the last emission's time. */
      say(text: string, { gapMs, final }: { gapMs: number; final: boolean }): Promise<number> {
        const rec = live.rec;
        if (!rec) return Promise.reject(new Error('no recogniser is listening'));
        const open = rec.slots.at(-1);
        const index = open && !open.isFinal ? rec.slots.length - 1 : rec.slots.length;
        if (index === rec.slots.length) rec.slots.push({ isFinal: false, transcript: '' });
        const words = text.split(' ');
        return new Promise((resolve) => {
          let i = 0;
          const next = () => {
            const slot = rec.slots[index]!;
            slot.transcript = [slot.transcript, words[i]].filter(Boolean).join(' ');
            i++;
            if (i === words.length && final) slot.isFinal = true;
            rec.emit(index);
            if (i < words.length) setTimeout(next, gapMs);
            else resolve(emitted.at(-1)!.t);
          };
          next();
        });
      },
    };
  });
}

export type FakeSpeech = {
  emitted: { t: number; transcript: string; isFinal: boolean }[];
  running(): boolean;
  say(text: string, o: { gapMs: number; final: boolean }): Promise<number>;
};

/** Makes the fake recogniser say `text`; returns the page time of its last word. */
export const say = (page: Page, text: string, gapMs = 120, final = true) =>
  page.evaluate(
    ({ text, gapMs, final }) =>
      (window as unknown as { __speech: FakeSpeech }).__speech.say(text, { gapMs, final }),
    { text, gapMs, final },
  );

/**
 * The fake microphone's speech as the watcher heard it: runs of loud readings, split where
 * quiet lasts `gapMs` or more.
 */
export function speechSegments(tl: Timeline, gapMs = 300): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const l of tl.levels) {
    if (l.rms < SPEECH_LEVEL) continue;
    const last = out.at(-1);
    if (last && l.t - last.end < gapMs) last.end = l.t;
    else out.push({ start: l.t, end: l.t });
  }
  return out;
}

export interface Timeline {
  /** performance.now() of every 'playing' event of any audio element, with its source. */
  playing: { t: number; src: string }[];
  /** Other media events of audio elements (pause, waiting, ended, emptied, seeking). */
  media: { t: number; type: string; src: string }[];
  /** Event timestamps (performance.now() clock) of every key press, pointer press and click. */
  taps: { t: number; type: string }[];
  /** Every microphone level the player read: time and RMS. */
  levels: { t: number; rms: number }[];
  /** The product's decisions, as the page shows them: each line that became the current one. */
  steps: { t: number; lineId: string }[];
  micOpenedAt: number | null;
  /** When the page first said it was listening (the detector's 'listening' beside the meter). */
  listeningAt: number | null;
  /** When the page first asked for the microphone: the fake device's file starts after this. */
  micAskedAt: number | null;
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
      media: [],
      taps: [],
      levels: [],
      steps: [],
      micOpenedAt: null,
      listeningAt: null,
      micAskedAt: null,
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
    for (const type of ['pause', 'waiting', 'ended', 'emptied', 'seeking'])
      document.addEventListener(
        type,
        (e) =>
          tl.media.push({ t: performance.now(), type, src: (e.target as HTMLAudioElement).src }),
        true,
      );
    // A line's turn may be over before a poll from outside sees it: recorded as it happens.
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type !== 'attributes') {
          const el = r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement : r.target;
          if (el?.textContent === 'listening') tl.listeningAt ??= performance.now();
          continue;
        }
        const el = r.target as HTMLElement;
        if (el.getAttribute('aria-current') === 'step')
          tl.steps.push({ t: performance.now(), lineId: el.dataset.lineId ?? '' });
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-current'],
    });
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
      tl.micAskedAt ??= performance.now();
      const stream = await open(constraints);
      tl.micOpenedAt = performance.now();
      // The watcher's own ear on the same microphone, read every 10 ms: when speech starts and
      // ends, measured outside the product (which may hear it with a model, not levels).
      const ctx = new AudioContext();
      const ear = ctx.createAnalyser();
      ear.fftSize = 512;
      ctx.createMediaStreamSource(stream.clone()).connect(ear);
      const buf = new Float32Array(ear.fftSize);
      setInterval(() => ear.getFloatTimeDomainData(buf), 10);
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
/**
 * The partner lines' starts: 'playing' events of a clip newly loaded (its first, or the first
 * after the element was emptied by a new load). A clip that plays on after a stall or a pause
 * fires 'playing' again without a load: that is the same line going on, not a new one.
 */
export function lineStarts(tl: Timeline): { t: number; src: string }[] {
  const out: { t: number; src: string }[] = [];
  let last: { t: number; src: string } | null = null;
  for (const p of tl.playing.filter((e) => e.src.startsWith('blob:'))) {
    const reloaded =
      last !== null && tl.media.some((m) => m.type === 'emptied' && m.t > last!.t && m.t <= p.t);
    if (!last || p.src !== last.src || reloaded) out.push(p);
    last = p;
  }
  return out;
}

export function voiceCues(
  tl: Timeline,
): { speechStart: number; speechEnd: number; play: number; since: number }[] {
  const plays = lineStarts(tl);
  const loud = tl.levels.filter((l) => l.rms >= SPEECH_LEVEL);
  const out = [];
  // The first line is judged from when the page listens: on a busy machine the detector can
  // load after the microphone's first pass has begun.
  let since = Math.max(tl.micOpenedAt ?? 0, tl.listeningAt ?? 0);
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
