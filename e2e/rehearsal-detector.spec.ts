import { expect } from '@playwright/test';
import { refusedByPolicy, signInByMagicLink } from './helpers';
import {
  createScene,
  lineStarts,
  readTimeline,
  setUpRun,
  speechSegments,
  testWithMicrophone,
  watchPage,
} from './rehearsal-cue-tools';

/**
 * Issue 30: the voice cue's fallback, a neural voice-activity detector, heard through Chromium's
 * fake microphone fed a WAV made here (speech, a 700 ms pause, speech). Chromium's own speech
 * recognition fails on this machine (no service), so the cue gives way to the detector with a
 * one-line note. The 400 ms bar is measured by bench/rehearsal.bench.ts.
 */
/**
 * The actor's line in the fake microphone (played from the start when the microphone opens):
 * 4 s of silence, "Wait.", 700 ms of silence, the rest of the line, 6 s of silence.
 */
const MIC = { leadS: 4, tailS: 6 };
const test = testWithMicrophone({
  ...MIC,
  phrase: 'Wait.',
  pauseS: 0.7,
  after: 'I was never late and you know it, so do not start with me tonight.',
});

test('answers after the end of the line, not in its pause', async ({
  page,
  context,
  microphone: mic,
}) => {
  test.setTimeout(180_000);
  await signInByMagicLink(context, `room-detector-${Date.now()}@e2e.test`);
  const id = await createScene(context.request, 'Detector', [
    ['BEN', 'Are you ready?'],
    ['ANNA', 'Wait. I was never late and you know it, so do not start with me tonight.'],
    ['BEN', 'Fine.'],
  ]);
  await watchPage(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const refused = refusedByPolicy(page);
  await setUpRun(page, id);
  await page.getByLabel('At my lines, go on').selectOption('voice');
  await page.getByRole('button', { name: 'Play scene' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Your line|speaking|Ready|End/ }),
    // The detector's model and runtime load when the cue gives way to it: long on a busy machine.
  ).toHaveText('End of scene', { timeout: 100_000 });
  // Chromium's recogniser fails here (no service): the detector took over, with one line.
  await expect(
    page.getByText('Speech recognition is not available here: the partner listens'),
  ).toBeVisible();

  const tl = await readTimeline(page);
  const plays = lineStarts(tl);
  expect(plays).toHaveLength(2);
  const answer = plays[1]!.t;
  // What the product decided, against the fixture: the fake device plays the WAV in real time
  // from when it opens, after the page first asked for it, so the line's last word cannot have
  // reached the player before micAskedAt + speechEndS. A partner that answered in the pause
  // (at about leadS + the first word + the pause) would have started before that. A busy
  // machine can only delay the answer, never bring it forward.
  expect(tl.micAskedAt).not.toBeNull();
  const lineEnd = tl.micAskedAt! + mic.speechEndS * 1000;
  expect(answer, 'the partner answered after the last word of the line').toBeGreaterThan(lineEnd);
  // The watcher's own ear agrees: the partner did not start inside a stretch of speech.
  const heard = speechSegments(tl, 300).filter((s) => s.start < answer && s.end > plays[0]!.t);
  expect(heard.length, JSON.stringify(heard)).toBeGreaterThanOrEqual(1);
  expect(answer).toBeGreaterThan(heard.at(-1)!.end);
  const after = answer - lineEnd;
  console.log(`detector: partner ${Math.round(after)} ms after the line's end in the fixture`);
  test.info().annotations.push({ type: 'answered after', description: `${Math.round(after)} ms` });
  // And in the quiet after it: before the WAV's next pass (tail, then lead) could be heard.
  // The 400 ms bar is the benchmark's, beside its baseline.
  expect(after).toBeLessThan((MIC.tailS + MIC.leadS) * 1000);
  expect(tl.recorders).toBe(0);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});
