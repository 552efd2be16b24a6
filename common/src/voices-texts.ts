/**
 * The voice catalogue's texts, categories, engines and card helpers, in a module that does not
 * import the schema library: the public voices page loads them before it runs, the schemas
 * arrive with the catalogue's answer (decision 235). Also exported by ./voices.
 */

/** The three catalogue categories, in the order the page shows them. */
export const VOICE_CATEGORIES = ['men', 'women', 'children'] as const;
export type VoiceCategory = (typeof VOICE_CATEGORIES)[number];

export const VOICE_CATEGORY_LABELS: Record<VoiceCategory, string> = {
  men: 'MEN',
  women: 'WOMEN',
  children: 'CHILDREN',
};

/** A card's description is cut to 100 characters; 3 Best-for tags (docs/glossary.md#voice-catalogue). */
export const VOICE_DESCRIPTION_PREVIEW = 100;
export const VOICE_BEST_FOR_SHOWN = 3;
/** `?autoplay=tom` starts its preview after 500 ms (docs/glossary.md#voice-catalogue). */
export const PREVIEW_AUTOPLAY_DELAY_MS = 500;

/** The one fixed greeting sentence every voice preview is made from (docs/glossary.md#voice-catalogue). */
export const PREVIEW_GREETING =
  "Hello! I'm ready to read your scene with you, so let's rehearse until every line feels natural.";

/** The public voices page's errors. */
export const VOICES_ERRORS = {
  unauthenticated: 'Authentication error. Please refresh the page and try again.',
  unavailable: 'Service temporarily unavailable. Please try again in a few moments.',
  internalPrefix: 'Server error: ',
  internalFallback: 'Failed to load voices',
  other: 'Failed to load voices. Please check your internet connection and try again.',
  empty: 'No data received from server',
  previewPlay: 'Unable to play voice preview. Please try again.',
  previewGenerate: 'Unable to generate voice preview. Please try again.',
} as const;

/** The voice engines, and how the catalogue names each. */
export const VOICE_ENGINES = ['local', 'elevenlabs', 'openai', 'neural'] as const;
export type VoiceEngineName = (typeof VOICE_ENGINES)[number];
export const VOICE_ENGINE_LABELS: Record<VoiceEngineName, string> = {
  local: 'Basic (offline)',
  elevenlabs: 'ElevenLabs',
  openai: 'Speech server',
  neural: 'Neural',
};

/** Cuts a description for a card: at most `max` characters, ending on a word with an ellipsis. */
export function truncateDescription(text: string | null, max = VOICE_DESCRIPTION_PREVIEW): string {
  const t = (text ?? '').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The voice the home page's "Hear Sample" (/voices?autoplay=tom) plays. */
export function isAutoplayVoice(name: string): boolean {
  return /tom|all american/i.test(name);
}

/** What the catalogue search reads of a voice (a `Voice` fits; ./voices imports this module). */
export interface SearchableVoice {
  name: string;
  description: string | null;
  labels: { accent: string | null; age: string | null; gender: string | null };
  bestFor: readonly string[];
}

/** Search on the catalogue page: name, description, accent, age, gender and tags, case-insensitive. */
export function matchesVoiceSearch(voice: SearchableVoice, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const haystack = [
    voice.name,
    voice.description ?? '',
    voice.labels.accent ?? '',
    voice.labels.age ?? '',
    voice.labels.gender ?? '',
    ...voice.bestFor,
  ]
    .join(' ')
    .toLowerCase();
  return q.split(/\s+/).every((word) => haystack.includes(word));
}
