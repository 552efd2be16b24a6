import { describe, expect, it } from 'vitest';
import { climb, displayOnLadder, isRight, type Ladder } from './ladder';
import {
  detectorVerdict,
  END_SILENCE_MS,
  expectedSpeechMs,
  phraseBreaks,
  recognitionVerdict,
} from './listening';
import { planBeats, silencesOf } from './partner-beats';
import { checkLine, follow, normWords } from './words';

describe('words as the line check compares them', () => {
  it('ignores case and punctuation and spells out contractions and spoken forms', () => {
    expect(normWords("Don't — I'm OKAY, you're gonna be fine!")).toEqual(
      'do not i am ok you are going to be fine'.split(' '),
    );
    expect(normWords('Café “well-known”')).toEqual(['cafe', 'well', 'known']);
  });

  it('marks missed, added and changed words and the accuracy', () => {
    const check = checkLine('Not the whole time.', 'not whole time');
    expect(check.accuracy).toBe(0.75);
    expect(check.ops.filter((o) => o.kind === 'missed').map((o) => o.word)).toEqual(['the']);
    const changed = checkLine('I went out walking.', 'I went out running today');
    expect(changed.ops.map((o) => o.kind)).toEqual(['same', 'same', 'same', 'changed', 'added']);
    expect(checkLine("You can't stay.", 'you cannot stay').accuracy).toBe(1);
    // A one-letter slip in a long word still counts.
    expect(checkLine('Remember tomorrow.', 'remember tomorow').accuracy).toBe(1);
  });

  it('follows heard words in order, skipping a few', () => {
    const line = normWords('one two three four five six seven eight nine ten');
    expect(follow(line, normWords('one two four five'))).toEqual({ matched: 4, last: 4 });
    expect(follow(line, normWords('ten'))).toEqual({ matched: 0, last: -1 });
  });
});

describe('when the partner may answer', () => {
  const expected = normWords('I went out walking down to the river and back.');
  const beats = [{ at: 4, seconds: 1 as const }];
  const heard = (text: string, quietMs: number) =>
    recognitionVerdict({ expected, heard: normWords(text), beats, speed: 1, quietMs });

  it('with recognition: never in a pause with fewer than 70% of the words', () => {
    expect(heard('I went out walking', 60_000)).toEqual({ go: false, recheckInMs: null });
    expect(heard('I went out walking down to', 60_000)).toEqual({
      go: false,
      recheckInMs: null,
    });
  });

  it('at once when the last words are heard; after a stop with 70% or more', () => {
    expect(heard('I went out walking down to the river and back', 0)).toEqual({ go: true });
    expect(heard('I went out walking down to the river', 100).go).toBe(false);
    expect(heard('I went out walking down to the river', 900)).toEqual({ go: true });
  });

  it('waits through a beat written where the actor has got to', () => {
    const late = [{ at: 8, seconds: 2 as const }];
    const v = (quietMs: number) =>
      recognitionVerdict({
        expected,
        heard: normWords('I went out walking down to the river'),
        beats: late,
        speed: 1,
        quietMs,
      });
    expect(v(1_000).go).toBe(false);
    expect(v(2_600)).toEqual({ go: true });
  });

  it('with the detector: a short silence once half the expected speech was heard', () => {
    const text = 'Wait. I was never late and you know it, so do not start with me tonight.';
    const expectedMs = expectedSpeechMs(text);
    const at = (speechMs: number, silenceMs: number) =>
      detectorVerdict({ text, beats: undefined, speed: 1, pace: 1, speechMs, silenceMs }).go;
    // "Wait." and a 700 ms pause: not the end.
    expect(at(400, 700)).toBe(false);
    // The comma after "you know it" (10 of 16 words): a pause there is not the end either.
    const toComma = expectedSpeechMs('Wait. I was never late and you know it,');
    expect(toComma / expectedMs).toBeGreaterThan(0.5);
    expect(at(toComma, END_SILENCE_MS)).toBe(false);
    expect(at(toComma * 1.1, 1_000)).toBe(false);
    // Past the comma by a third of what follows: a short silence ends the line.
    expect(at(expectedMs * 0.75, END_SILENCE_MS - 1)).toBe(false);
    expect(at(expectedMs * 0.75, END_SILENCE_MS)).toBe(true);
    // A fast actor: after a long silence, whatever was heard.
    expect(at(900, 1_799)).toBe(false);
    expect(at(900, 1_800)).toBe(true);
    // Nothing heard yet: silence is the actor taking their time.
    expect(at(0, 60_000)).toBe(false);
  });

  it('with the detector: half the expected speech ends a line with no pause written in it', () => {
    const text = 'I was never late and you know it so do not start with me tonight.';
    const at = (speechMs: number) =>
      detectorVerdict({
        text,
        beats: undefined,
        speed: 1,
        pace: 1,
        speechMs,
        silenceMs: END_SILENCE_MS,
      });
    expect(at(expectedSpeechMs(text) * 0.49).go).toBe(false);
    expect(at(expectedSpeechMs(text) * 0.5).go).toBe(true);
    expect(phraseBreaks('Wait. I was — never late, "so" (no)'.split(' '))).toEqual([1, 3, 6]);
    expect(phraseBreaks('Stop it, now.'.split(' '))).toEqual([2]);
  });
});

describe('the memorisation ladder', () => {
  it('moves a line down after two right answers, and back one on a miss', () => {
    let ladder: Ladder = {};
    ladder = climb(ladder, 'l1', true);
    expect(displayOnLadder(ladder, 'l1')).toBe('shown');
    ladder = climb(ladder, 'l1', true);
    expect(displayOnLadder(ladder, 'l1')).toBe('initials');
    ladder = climb(climb(ladder, 'l1', true), 'l1', true);
    expect(displayOnLadder(ladder, 'l1')).toBe('hidden');
    ladder = climb(climb(ladder, 'l1', true), 'l1', true);
    expect(displayOnLadder(ladder, 'l1')).toBe('hidden');
    ladder = climb(ladder, 'l1', false);
    expect(displayOnLadder(ladder, 'l1')).toBe('initials');
    expect(isRight({ accuracy: 0.95, prompted: false })).toBe(true);
    expect(isRight({ accuracy: 1, prompted: true })).toBe(false);
    expect(isRight({ accuracy: 0.8, prompted: false })).toBe(false);
  });
});

describe("beats in a partner's clip", () => {
  it('finds quiet stretches and puts a beat in the one nearest its share of the letters', () => {
    const rate = 1000;
    // 1 s of sound, 0.3 s of silence, 1 s of sound.
    const samples = new Float32Array(2300).map((_, i) => (i >= 1000 && i < 1300 ? 0 : 0.5));
    const silences = silencesOf(samples, rate);
    expect(silences).toHaveLength(1);
    expect(silences[0]!.start).toBeCloseTo(1, 1);
    const plan = planBeats('You are late. Like you.', [{ at: 3, seconds: 1 }], 2.3, silences);
    expect(plan.inside).toHaveLength(1);
    expect(plan.inside[0]!.at).toBeCloseTo(1.15, 1);
    expect(
      planBeats(
        'Hi there.',
        [
          { at: 0, seconds: 2 },
          { at: 2, seconds: 1 },
        ],
        1,
        [],
      ),
    ).toEqual({ before: 2, inside: [], after: 1 });
  });
});
