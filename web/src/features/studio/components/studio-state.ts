import { STUDIO_TEXTS, countCharacters, type AudioSettings } from '@doublecast/common/studio';
import type { Reading } from '@doublecast/common/studio';
import { GENERATE_REFUSED_MESSAGE, characterLimitMessage } from '@doublecast/common/usage';
import type { Voice } from '@doublecast/common/voices';
import { ApiError } from '../../../lib/api-client';

/** The reading on stage: the one just made, or one played from history. */
export type CurrentReading = Pick<Reading, 'id' | 'voiceName' | 'text' | 'createdAt' | 'audioUrl'>;

export type StudioPhase = 'idle' | 'processing' | 'streaming';

export interface StudioState {
  voiceId: string | null;
  text: string;
  /** Settings moved on the sliders and not yet saved; null means the saved ones apply. */
  draftSettings: AudioSettings | null;
  phase: StudioPhase;
  current: CurrentReading | null;
  error: string | null;
  deletingId: string | null;
}

export type StudioAction =
  | { type: 'choose-voice'; voiceId: string | null }
  | { type: 'set-text'; text: string }
  | { type: 'set-draft-settings'; settings: AudioSettings }
  | { type: 'set-phase'; phase: StudioPhase }
  | { type: 'show-reading'; reading: CurrentReading }
  | { type: 'fail'; error: string | null }
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
    case 'delete-started':
      return { ...state, error: null, deletingId: action.id };
    case 'delete-finished': {
      // A deleted reading that was on stage leaves it.
      const gone = action.removed && state.current?.id === state.deletingId;
      return { ...state, deletingId: null, current: gone ? null : state.current };
    }
  }
}

/** The texts for a refused or failed reading (docs/glossary.md#allowance). */
export function readingErrorText(e: unknown): string {
  if (!(e instanceof ApiError) || e.code === 'internal') return STUDIO_TEXTS.generateFailedRetry;
  const spoken = ['network', 'resource-exhausted', 'invalid-argument', 'unauthenticated'];
  return spoken.includes(e.code) ? e.message : GENERATE_REFUSED_MESSAGE;
}

/** Why a reading cannot start (no voice, no text, over the month's allowance), or null. */
export function readingBlocker(
  voice: Voice | null,
  text: string,
  remaining: number | null,
): string | null {
  if (!voice) return STUDIO_TEXTS.selectVoice;
  if (!text.trim()) return STUDIO_TEXTS.enterText;
  if (remaining !== null && countCharacters(text) > remaining)
    return characterLimitMessage(remaining);
  return null;
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
