/** What other features use of voices: they import it from here, never a file inside (decision 393). */
export type { SynthesizeResult, VoiceSummary } from './synthesis.types';
export {
  invalidateVoiceCaches,
  listAvailableVoices,
  syncVoices,
  toVoice,
  VOICE_NOT_FOUND_MESSAGE,
} from './voices.service';
