import { describe, expect, it } from 'vitest';
import { DetectorCue, type Frame, type LoadFrames } from './detector-cue';

const FRAME_MS = 32;

/** A detector whose frames the test hands in, on a clock the test moves. */
async function startedCue() {
  let clock = 0;
  let deliver: (frame: Frame) => void = () => undefined;
  const load: LoadFrames = async (getStream, onFrame) => {
    deliver = onFrame;
    return { start: async () => void (await getStream()), stop: async () => undefined };
  };
  const cue = new DetectorCue(
    load,
    async () => ({ getTracks: () => [] }) as unknown as MediaStream,
    () => clock,
  );
  await cue.start();
  return {
    cue,
    setClock: (ms: number) => (clock = ms),
    /** `ms` of audio, speech or silence, judged now (whenever it was captured). */
    frames: (ms: number, speech: boolean) => {
      for (let t = 0; t < ms; t += FRAME_MS)
        deliver({ isSpeech: speech ? 0.9 : 0.05, ms: FRAME_MS, rms: speech ? 0.2 : 0.001 });
    },
  };
}

const settled = async (p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 0))]);

describe('DetectorCue', () => {
  it('goes on after the actor speaks the line and stops', async () => {
    const { cue, frames } = await startedCue();
    const heard = cue.listen({ text: 'I was never late.' }, 1);
    frames(1_200, true);
    expect(await settled(heard.done)).toBe(false);
    frames(2_000, false);
    expect(await settled(heard.done)).toBe(true);
  });

  it('does not count a phrase captured before the line began, however late it is judged', async () => {
    const { cue, frames, setClock } = await startedCue();
    // The line begins 5 s into the audio, while the detector is still judging the first 3 s
    // (a busy phone): the phrase in them was spoken before the actor's line.
    setClock(5_000);
    const heard = cue.listen({ text: 'I was never late.' }, 1);
    frames(500, false);
    frames(1_200, true);
    frames(3_300, false);
    expect(await settled(heard.done)).toBe(false);
    // Then the actor says the line.
    frames(1_200, true);
    frames(2_000, false);
    expect(await settled(heard.done)).toBe(true);
  });
});
