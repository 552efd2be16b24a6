import { describe, expect, it } from 'vitest';
import {
  audioSettingsSchema,
  clampSynthesisSettings,
  DEFAULT_AUDIO_SETTINGS,
  DEFAULT_SYNTHESIS_SETTINGS,
  readingInputSchema,
  previewText,
  pushRecentVoice,
  SPEED_RANGE,
  STABILITY_RANGE,
  synthesisSettingsOf,
  synthesisSettingsSchema,
} from './studio';

describe('recent voices', () => {
  it.each([
    ['first voice', [], 'a', ['a']],
    ['new voice goes first', ['a', 'b'], 'c', ['c', 'a', 'b']],
    ['a repeat moves to the front, no duplicate', ['a', 'b', 'c'], 'c', ['c', 'a', 'b']],
    ['the same voice again changes nothing', ['a', 'b'], 'a', ['a', 'b']],
    ['keeps 5, dropping the oldest', ['a', 'b', 'c', 'd', 'e'], 'f', ['f', 'a', 'b', 'c', 'd']],
    ['a repeat of the oldest of 5', ['a', 'b', 'c', 'd', 'e'], 'e', ['e', 'a', 'b', 'c', 'd']],
  ])('%s', (_label, recent, id, expected) => {
    expect(pushRecentVoice(recent, id)).toEqual(expected);
  });
});

describe('generation input', () => {
  it.each([
    [{ voiceId: '', text: 'Hi' }, 'Please select a voice'],
    [{ text: 'Hi' }, 'Please select a voice'],
    [{ voiceId: 'v', text: '  \n ' }, 'Please enter some text'],
    [{ voiceId: 'v' }, 'Please enter some text'],
  ])('refuses %j with the spec text', (input, message) => {
    const r = readingInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('trims the text', () => {
    expect(readingInputSchema.parse({ voiceId: 'v', text: '  Hello  ' }).text).toBe('Hello');
  });
});

describe('preview text', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['a longer line of text', 8, 'a longer...'],
  ])('%s cut at %i', (text, n, expected) => {
    expect(previewText(text, n)).toBe(expected);
  });
});

describe('voice settings', () => {
  it('keeps settings inside their ranges and replaces what is not a number by the default', () => {
    expect(clampSynthesisSettings({ speed: 3, stability: -1, similarity: 0.25 })).toEqual({
      speed: SPEED_RANGE.max,
      stability: STABILITY_RANGE.min,
      similarity: 0.25,
    });
    expect(clampSynthesisSettings({ speed: NaN, stability: Infinity, similarity: NaN })).toEqual(
      DEFAULT_SYNTHESIS_SETTINGS,
    );
  });

  it('reads the stored defaults as synthesis settings, with the same defaults and ranges', () => {
    expect(synthesisSettingsOf(DEFAULT_AUDIO_SETTINGS)).toEqual(DEFAULT_SYNTHESIS_SETTINGS);
    expect(synthesisSettingsSchema.safeParse(DEFAULT_SYNTHESIS_SETTINGS).success).toBe(true);
    expect(
      audioSettingsSchema.safeParse({ ...DEFAULT_AUDIO_SETTINGS, defaultSpeed: 1.25 }).success,
    ).toBe(false);
    expect(
      synthesisSettingsSchema.safeParse({ ...DEFAULT_SYNTHESIS_SETTINGS, speed: 0.65 }).success,
    ).toBe(false);
  });
});
