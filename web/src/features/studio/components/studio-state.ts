import { STUDIO_TEXTS, countCharacters, type AudioSettings } from '@doublecast/common/studio';
import type { Reading } from '@doublecast/common/studio';
import {
  CHARACTER_LIMIT_REASON,
  GENERATE_REFUSED_MESSAGE,
  characterLimitMessage,
  type MonthlyUsage,
} from '@doublecast/common/usage';
import type { Voice } from '@doublecast/common/voices';
import { ApiError } from '../../../lib/api-client';

/** The reading on stage: the one just made, or one played from history. */
export type CurrentReading = Pick<Reading, 'id' | 'voiceName' | 'text' | 'createdAt' | 'audioUrl'>;

export type StudioPhase = 'idle' | 'processing' | 'streaming';

/**
 * Where a message shows: beside the voice picker, the script, the cast, the Generate button or
 * the history list (messages beside what caused them).
 */
export type StudioErrorPlace = 'voice' | 'text' | 'cast' | 'generate' | 'history';

export interface StudioError {
  text: string;
  place: StudioErrorPlace;
  /** Over the month's allowance: it clears once the reading fits. */
  overLimit?: boolean;
}

/** How the Studio reads a script: in the one chosen voice, or as a scene with a cast. */
export type ReadMode = 'voice' | 'scene';

export interface StudioState {
  voiceId: string | null;
  text: string;
  /** Settings moved on the sliders and not yet saved; null means the saved ones apply. */
  draftSettings: AudioSettings | null;
  phase: StudioPhase;
  current: CurrentReading | null;
  error: StudioError | null;
  deletingId: string | null;
  mode: ReadMode;
  /** The user's own picks per character (the suggestions fill the rest). */
  cast: Record<string, string>;
  /** The narrator the user chose: a voice id, '' to skip headings and action, undefined: suggested. */
  narratorVoiceId: string | undefined;
}

export type StudioAction =
  | { type: 'choose-voice'; voiceId: string | null }
  | { type: 'set-text'; text: string }
  | { type: 'set-draft-settings'; settings: AudioSettings }
  | { type: 'set-phase'; phase: StudioPhase }
  | { type: 'show-reading'; reading: CurrentReading }
  | { type: 'fail'; error: StudioError | null }
  | { type: 'set-mode'; mode: ReadMode }
  | { type: 'cast'; character: string; voiceId: string }
  | { type: 'set-narrator'; voiceId: string }
  | { type: 'delete-started'; id: string }
  | { type: 'delete-finished'; removed: boolean };

export const initialStudioState: StudioState = {
  voiceId: null,
  text: '',
  draftSettings: null,
  phase: 'idle',
  current: null,
  error: null,
  deletingId: null,
  mode: 'scene',
  cast: {},
  narratorVoiceId: undefined,
};

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'choose-voice':
      return { ...state, voiceId: action.voiceId };
    case 'set-text':
      return { ...state, text: action.text };
    case 'set-draft-settings':
      return { ...state, draftSettings: action.settings };
    case 'set-phase':
      return { ...state, phase: action.phase };
    case 'show-reading':
      return { ...state, current: action.reading };
    case 'fail':
      return { ...state, error: action.error };
    case 'set-mode':
      return { ...state, mode: action.mode };
    case 'cast':
      return {
        ...state,
        cast: { ...state.cast, [action.character]: action.voiceId },
        error: state.error?.place === 'cast' ? null : state.error,
      };
    case 'set-narrator':
      return { ...state, narratorVoiceId: action.voiceId };
    case 'delete-started':
      return { ...state, error: null, deletingId: action.id };
    case 'delete-finished': {
      // A deleted reading that was on stage leaves it.
      const gone = action.removed && state.current?.id === state.deletingId;
      return { ...state, deletingId: null, current: gone ? null : state.current };
    }
  }
}

/** The texts for a refused or failed reading (docs/glossary.md#allowance), beside what caused it. */
export function readingError(e: unknown): StudioError {
  if (!(e instanceof ApiError) || e.code === 'internal')
    return { text: STUDIO_TEXTS.generateFailedRetry, place: 'generate' };
  const spoken = ['network', 'resource-exhausted', 'invalid-argument', 'unauthenticated'];
  const text = spoken.includes(e.code) ? e.message : GENERATE_REFUSED_MESSAGE;
  const details = e.details as { field?: string; reason?: string } | undefined;
  if (details?.field === 'cast') return { text, place: 'cast' };
  return { text, place: 'generate', overLimit: details?.reason === CHARACTER_LIMIT_REASON };
}

/** Why a reading cannot start (no voice, no text, over the month's allowance), or null. */
export function readingBlocker(
  voice: Voice | null,
  text: string,
  usage: Pick<MonthlyUsage, 'remaining' | 'tier' | 'resetsAt'> | null,
  /** What the reading would cost (a scene: only what is spoken); default the text's length. */
  cost: number = countCharacters(text),
): StudioError | null {
  if (!voice) return { text: STUDIO_TEXTS.selectVoice, place: 'voice' };
  if (!text.trim()) return { text: STUDIO_TEXTS.enterText, place: 'text' };
  if (usage && cost > usage.remaining)
    return {
      text: characterLimitMessage(usage.remaining, usage),
      place: 'generate',
      overLimit: true,
    };
  return null;
}

/**
 * The message still worth showing: none once its cause is gone (a voice was chosen, text was
 * typed, the reading now fits the month).
 */
export function liveError(
  error: StudioError | null,
  now: { hasVoice: boolean; hasText: boolean; cost: number; remaining: number | null },
): StudioError | null {
  if (!error) return null;
  if (error.place === 'voice' && now.hasVoice) return null;
  if (error.place === 'text' && now.hasText) return null;
  if (error.overLimit && now.remaining !== null && now.cost <= now.remaining) return null;
  return error;
}

/** Whether two sets of audio settings are the same (then nothing needs saving). */
export function sameSettings(a: AudioSettings, b: AudioSettings): boolean {
  return (
    a.defaultSpeed === b.defaultSpeed &&
    a.defaultStability === b.defaultStability &&
    a.defaultSimilarity === b.defaultSimilarity
  );
}

/** The favourites after a star is pressed: added when absent, removed when present. */
export function toggledFavorites(favorites: readonly string[], voiceId: string): string[] {
  return favorites.includes(voiceId)
    ? favorites.filter((id) => id !== voiceId)
    : [...favorites, voiceId];
}

/**
 * The voice chosen on arrival: ?voice={id} when the user may use it (the address param is then
 * dropped either way), else their default voice when it is still available.
 */
export function arrivalVoice(
  voices: readonly Voice[],
  wanted: string | null,
  defaultVoiceId: string | null | undefined,
): string | null {
  const available = (id: string | null | undefined) => !!id && voices.some((v) => v.id === id);
  if (wanted !== null) return available(wanted) ? wanted : null;
  return available(defaultVoiceId) ? defaultVoiceId! : null;
}
