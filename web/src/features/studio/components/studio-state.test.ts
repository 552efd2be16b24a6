import { describe, expect, it } from 'vitest';
import { STUDIO_TEXTS } from '@doublecast/common/studio';
import { GENERATE_REFUSED_MESSAGE, characterLimitMessage } from '@doublecast/common/usage';
import type { Voice } from '@doublecast/common/voices';
import { ApiError } from '../../../lib/api-client';
import {
  arrivalVoice,
  initialStudioState,
  readingBlocker,
  readingError,
  liveError,
  sameSettings,
  studioReducer,
  toggledFavorites,
  type CurrentReading,
  type StudioAction,
  type StudioState,
} from './studio-state';

const reading = (id: string): CurrentReading => ({
  id,
  voiceName: 'Ada',
  text: 'Hello',
  createdAt: '2026-01-01T00:00:00.000Z',
  audioUrl: `/audio/${id}`,
});
const run = (...actions: StudioAction[]): StudioState =>
  actions.reduce(studioReducer, initialStudioState);
const voice = (id: string) => ({ id, name: id }) as Voice;

describe('studioReducer', () => {
  it('keeps the voice, the text, draft settings, the phase and the error', () => {
    const settings = { defaultSpeed: 1.1, defaultStability: 0.4, defaultSimilarity: 0.6 };
    const s = run(
      { type: 'choose-voice', voiceId: 'v1' },
      { type: 'set-text', text: 'To be' },
      { type: 'set-draft-settings', settings },
      { type: 'set-phase', phase: 'streaming' },
      { type: 'fail', error: { text: 'nope', place: 'generate' } },
    );
    expect(s).toMatchObject({
      voiceId: 'v1',
      text: 'To be',
      phase: 'streaming',
      error: { text: 'nope' },
    });
    expect(s.draftSettings).toEqual(settings);
    expect(studioReducer(s, { type: 'choose-voice', voiceId: null }).voiceId).toBeNull();
    expect(initialStudioState).toMatchObject({ voiceId: null, text: '', phase: 'idle' });
  });

  it('takes a deleted reading off the stage, and keeps it when the delete failed', () => {
    const onStage = run(
      { type: 'fail', error: { text: 'old', place: 'history' } },
      { type: 'show-reading', reading: reading('r1') },
    );
    const deleting = studioReducer(onStage, { type: 'delete-started', id: 'r1' });
    expect(deleting).toMatchObject({ deletingId: 'r1', error: null });
    expect(studioReducer(deleting, { type: 'delete-finished', removed: true })).toMatchObject({
      deletingId: null,
      current: null,
    });
    expect(studioReducer(deleting, { type: 'delete-finished', removed: false }).current?.id).toBe(
      'r1',
    );
    const other = studioReducer(onStage, { type: 'delete-started', id: 'r2' });
    expect(studioReducer(other, { type: 'delete-finished', removed: true }).current?.id).toBe('r1');
  });
});

describe('reading rules', () => {
  it('names what blocks a reading: no voice, no text, over the allowance', () => {
    const left = (remaining: number) => ({
      remaining,
      tier: 'paid' as const,
      resetsAt: '2026-04-01T00:00:00.000Z',
    });
    expect(readingBlocker(null, 'Hi', left(100))).toEqual({
      text: STUDIO_TEXTS.selectVoice,
      place: 'voice',
    });
    expect(readingBlocker(voice('v'), '   ', left(100))).toEqual({
      text: STUDIO_TEXTS.enterText,
      place: 'text',
    });
    // The Studio is for paying users: they are told when the allowance resets.
    expect(readingBlocker(voice('v'), 'Hello', left(4))).toEqual({
      text: 'Character limit exceeded! You have 4 characters remaining this month. Your allowance resets on April 1, 2026.',
      place: 'generate',
      overLimit: true,
    });
    // A scene costs only what is spoken.
    expect(readingBlocker(voice('v'), 'MAYA\nHello', left(5), 5)).toBeNull();
    expect(readingBlocker(voice('v'), ' Hello ', left(5))).toBeNull();
    expect(readingBlocker(voice('v'), 'Hello', null)).toBeNull();
  });

  it('turns failures into the spec texts', () => {
    const e = (code: ConstructorParameters<typeof ApiError>[0]) =>
      new ApiError(code, 'server', 400);
    for (const code of [
      'network',
      'resource-exhausted',
      'invalid-argument',
      'unauthenticated',
    ] as const)
      expect(readingError(e(code))).toMatchObject({ text: 'server', place: 'generate' });
    expect(readingError(e('internal')).text).toBe(STUDIO_TEXTS.generateFailedRetry);
    expect(readingError(new Error('x')).text).toBe(STUDIO_TEXTS.generateFailedRetry);
    for (const code of ['permission-denied', 'not-found', 'unavailable'] as const)
      expect(readingError(e(code)).text).toBe(GENERATE_REFUSED_MESSAGE);
  });

  it('clears a message once its cause is gone', () => {
    const now = { hasVoice: false, hasText: false, cost: 10, remaining: 5 };
    const voiceError = { text: STUDIO_TEXTS.selectVoice, place: 'voice' as const };
    expect(liveError(voiceError, now)).toBe(voiceError);
    expect(liveError(voiceError, { ...now, hasVoice: true })).toBeNull();
    const limit = {
      text: characterLimitMessage(5, { tier: 'paid', resetsAt: '2026-04-01T00:00:00.000Z' }),
      place: 'generate' as const,
      overLimit: true,
    };
    expect(liveError(limit, now)).toBe(limit);
    expect(liveError(limit, { ...now, cost: 5 })).toBeNull();
    const failed = { text: 'Failed', place: 'generate' as const };
    expect(liveError(failed, { ...now, cost: 0 })).toBe(failed);
  });

  it('places a 400 about the cast beside the cast, a refused limit beside Generate', () => {
    expect(
      readingError(
        new ApiError('invalid-argument', 'Choose a voice for SAM.', 400, { field: 'cast' }),
      ),
    ).toEqual({ text: 'Choose a voice for SAM.', place: 'cast' });
    expect(
      readingError(
        new ApiError('resource-exhausted', 'over', 429, { reason: 'character_limit_exceeded' }),
      ),
    ).toEqual({ text: 'over', place: 'generate', overLimit: true });
  });

  it('compares settings and toggles favourites', () => {
    const a = { defaultSpeed: 1, defaultStability: 0.5, defaultSimilarity: 0.5 };
    expect(sameSettings(a, { ...a })).toBe(true);
    expect(sameSettings(a, { ...a, defaultSimilarity: 0.6 })).toBe(false);
    expect(toggledFavorites(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggledFavorites(['b'], 'a')).toEqual(['b', 'a']);
  });

  it('chooses the voice on arrival: the address, else the default, only when available', () => {
    const voices = [voice('v1'), voice('v2')];
    expect(arrivalVoice(voices, 'v2', 'v1')).toBe('v2');
    expect(arrivalVoice(voices, 'gone', 'v1')).toBeNull();
    expect(arrivalVoice(voices, null, 'v1')).toBe('v1');
    expect(arrivalVoice(voices, null, 'gone')).toBeNull();
    expect(arrivalVoice(voices, null, null)).toBeNull();
  });
});

describe('reading error texts', () => {
  it.each([
    [
      new ApiError(
        'resource-exhausted',
        'Character limit exceeded! You have 5 characters remaining this month. Upgrade to get unlimited access.',
        429,
      ),
      'Character limit exceeded! You have 5 characters remaining this month. Upgrade to get unlimited access.',
    ],
    [
      new ApiError('permission-denied', 'Subscribe first', 403),
      'Unable to generate audio at this time. Please try again later.',
    ],
    [
      new ApiError('internal', 'Internal error', 500),
      'Failed to generate speech. Please try again.',
    ],
    [new ApiError('invalid-argument', 'Please select a voice', 400), 'Please select a voice'],
    [new TypeError('network error'), 'Failed to generate speech. Please try again.'],
  ])('%s', (error, text) => {
    expect(readingError(error).text).toBe(text);
  });
});
