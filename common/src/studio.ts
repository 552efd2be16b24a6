import { z } from 'zod';
import { lineNoteSchema, takeSchema } from './direction';
import { formatInteger } from './format';

/** Texts of the Studio. */
export const STUDIO_TEXTS = {
  signInRequired: 'Please sign in to use the studio',
  selectVoice: 'Please select a voice',
  enterText: 'Please enter some text',
  loadVoicesFailed: 'Failed to load voices',
  generateFailed: 'Failed to generate speech',
  generateFailedRetry: 'Failed to generate speech. Please try again.',
  playFailed: 'Failed to play audio. Please try again.',
  resumeFailed: 'Could not resume audio playback. Please ensure your browser allows audio.',
  playbackBlocked:
    "Audio playback was not allowed by the browser. Please interact with the page (e.g., click) and try again, or check your browser's autoplay settings.",
  deleteFailed: 'Failed to delete generation',
} as const;

export const playbackErrorMessage = (reason: string) =>
  `An error occurred during audio playback: ${reason}`;
export const playFailedMessage = (reason: string) => `Failed to play audio: ${reason}.`;
export const generatingMessage = (voiceName: string) => `Generating voice with ${voiceName}...`;

/** Business constants (docs/glossary.md#constants). */
export const RECENT_VOICES_KEPT = 5;
export const HISTORY_FETCH_DEFAULT = 50;
export const HISTORY_PREVIEW_CHARS = 120;
export const NOW_PLAYING_PREVIEW_CHARS = 150;
export const VISUALIZER = { width: 600, height: 100, fftSize: 256 } as const;
export const OBJECT_URL_RELEASE_MS = 100;
/** One reading's text at most (decision 041); the month's allowance is the other bound. */
export const MAX_READING_CHARS = 5_000;
/**
 * Audio one account may keep (decision 103): the bytes of its readings and reader tracks in
 * history. Deleting a reading frees its room.
 */
export const MAX_AUDIO_BYTES_PER_USER = 500 * 1024 * 1024;
export const AUDIO_STORAGE_QUOTA_REASON = 'audio_storage_quota_exceeded';
export const AUDIO_STORAGE_QUOTA_MESSAGE = `Your readings already take ${MAX_AUDIO_BYTES_PER_USER / (1024 * 1024)} MB, the most one account can keep. Delete readings you no longer need in your history to make room.`;
export const READING_ID_HEADER = 'x-generation-id';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The voice settings of a reading, the one set used by the Studio's sliders, the request schema,
 * the server's synthesis and every engine: speed 0.7..1.2 (ElevenLabs' range; 1 is normal),
 * stability and similarity 0..1; `step` is the sliders' step.
 */
export const SPEED_RANGE = { min: 0.7, max: 1.2, step: 0.05 } as const;
export const STABILITY_RANGE = { min: 0, max: 1, step: 0.05 } as const;
export const SIMILARITY_RANGE = { min: 0, max: 1, step: 0.05 } as const;
/** The default audio settings (docs/glossary.md#constants): speed 1, stability and similarity 0.5. */
export const DEFAULT_SYNTHESIS_SETTINGS = { speed: 1, stability: 0.5, similarity: 0.5 } as const;
/** The same defaults under the names the user's stored preferences give them. */
export const DEFAULT_AUDIO_SETTINGS = {
  defaultSpeed: DEFAULT_SYNTHESIS_SETTINGS.speed,
  defaultStability: DEFAULT_SYNTHESIS_SETTINGS.stability,
  defaultSimilarity: DEFAULT_SYNTHESIS_SETTINGS.similarity,
} as const;

/** Cuts a text for a preview line, with an ellipsis when something was left out. */
export function previewText(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}...` : text;
}

/** Recent voices: most recent first, no duplicates, at most 5 (docs/glossary.md#history). */
export function pushRecentVoice(recent: readonly string[], voiceId: string): string[] {
  return [voiceId, ...recent.filter((id) => id !== voiceId)].slice(0, RECENT_VOICES_KEPT);
}

/** Characters a script costs: its length after trimming, as the server counts it. */
export function countCharacters(text: string): number {
  return text.trim().length;
}

const inRange = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

export const synthesisSettingsSchema = z.object({
  speed: inRange(SPEED_RANGE),
  stability: inRange(STABILITY_RANGE),
  similarity: inRange(SIMILARITY_RANGE),
});
export type SynthesisSettings = z.infer<typeof synthesisSettingsSchema>;

/** Keeps settings inside their ranges; a value that is not a finite number takes the default. */
export function clampSynthesisSettings(settings: SynthesisSettings): SynthesisSettings {
  const clamp = (value: number, range: { min: number; max: number }, fallback: number) =>
    Number.isFinite(value) ? Math.min(range.max, Math.max(range.min, value)) : fallback;
  return {
    speed: clamp(settings.speed, SPEED_RANGE, DEFAULT_SYNTHESIS_SETTINGS.speed),
    stability: clamp(settings.stability, STABILITY_RANGE, DEFAULT_SYNTHESIS_SETTINGS.stability),
    similarity: clamp(settings.similarity, SIMILARITY_RANGE, DEFAULT_SYNTHESIS_SETTINGS.similarity),
  };
}

export const STUDIO_TAKE_TEXTS = {
  takeOfRequired: 'Another take names the reading it is a take of.',
  readingNotFound: 'Reading not found',
} as const;

/** Characters one scene reading may cast. */
export const MAX_SCENE_CHARACTERS = 40;

export const readingInputSchema = z
  .object({
    voiceId: z
      .string({ error: STUDIO_TEXTS.selectVoice })
      .trim()
      .min(1, STUDIO_TEXTS.selectVoice)
      .max(200),
    text: z
      .string({ error: STUDIO_TEXTS.enterText })
      .trim()
      .min(1, STUDIO_TEXTS.enterText)
      .max(
        MAX_READING_CHARS,
        `A reading can be at most ${formatInteger(MAX_READING_CHARS)} characters.`,
      ),
    settings: synthesisSettingsSchema.optional(),
    scriptId: z.string().max(200).nullish(),
    /**
     * Read as a scene (the text is a script): each character in the voice cast here, headings and
     * action read by the narrator or skipped (null), parentheticals never; `voiceId` is the
     * narrator's or the first character's voice (docs/decisions/282).
     */
    scene: z
      .object({
        cast: z
          .record(z.string().min(1).max(60), z.string().min(1).max(200))
          .refine((cast) => Object.keys(cast).length <= MAX_SCENE_CHARACTERS, {
            message: `A scene can cast at most ${MAX_SCENE_CHARACTERS} characters.`,
          }),
        narratorVoiceId: z.string().min(1).max(200).nullable(),
      })
      .optional(),
    /** How to say it ("whispering, fast"): read for directions, the rest ignored (decision 320). */
    note: lineNoteSchema.optional(),
    /** Which read: another take (2 and up) is a different read of `takeOf`, charged once. */
    take: takeSchema.optional(),
    /** The reading this is another take of: the caller's own (decision 311). */
    takeOf: z.string().min(1).max(100).optional(),
  })
  .refine((input) => (input.take ?? 1) === 1 || input.takeOf !== undefined, {
    message: STUDIO_TAKE_TEXTS.takeOfRequired,
    path: ['takeOf'],
  });
export type ReadingInput = z.infer<typeof readingInputSchema>;

export const SCENE_TEXTS = {
  readAsScene: 'Read as a scene',
  readOneVoice: 'One voice reads everything',
  narrator: 'Scene headings and action',
  skipNarration: 'Skip them',
  castMissing: (name: string) => `Choose a voice for ${name}.`,
  notAScene: 'This text has no character lines to read as a scene.',
} as const;

/** `POST /api/readings/cast`: is the text a script, and who would read each part. */
export const sceneCastInputSchema = z.object({
  text: z.string().max(MAX_READING_CHARS),
});
export const sceneCastSchema = z.object({
  /** The import's detection found character lines. */
  isScene: z.boolean(),
  characters: z.array(
    z.object({
      name: z.string(),
      lines: z.number().int(),
      gender: z.enum(['male', 'female']).nullable(),
      age: z.enum(['child', 'young', 'adult', 'old']).nullable(),
      /** The suggested voice (the user may change it). */
      voiceId: z.string().nullable(),
    }),
  ),
  /** Characters the dialogue would cost; with narration, what headings and action add. */
  spokenCharacters: z.number().int(),
  narrationCharacters: z.number().int(),
  /** A voice none of the characters has, suggested for headings and action. */
  narratorVoiceId: z.string().nullable(),
});
export type SceneCast = z.infer<typeof sceneCastSchema>;

/** A history item: every field of a reading. */
export const readingSchema = z.object({
  id: z.string(),
  userId: z.string(),
  text: z.string(),
  audioUrl: z.string(),
  voiceId: z.string(),
  voiceName: z.string(),
  voiceGender: z.string().nullable(),
  voiceAccent: z.string().nullable(),
  voiceAge: z.string().nullable(),
  voiceMetadata: z.object({
    gender: z.string().nullable(),
    accent: z.string().nullable(),
    age: z.string().nullable(),
  }),
  createdAt: z.string(),
  duration: z.number().nullable(),
  characterCount: z.number().int(),
  scriptId: z.string().nullable(),
  isDeleted: z.boolean(),
  deletedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Reading = z.infer<typeof readingSchema>;

export const readingListSchema = z.object({ generations: z.array(readingSchema) });
export type ReadingList = z.infer<typeof readingListSchema>;

/** The user's stored defaults (audio settings, docs/glossary.md#history), same ranges. */
export const audioSettingsSchema = z.object({
  defaultSpeed: inRange(SPEED_RANGE),
  defaultStability: inRange(STABILITY_RANGE),
  defaultSimilarity: inRange(SIMILARITY_RANGE),
});
export type AudioSettings = z.infer<typeof audioSettingsSchema>;

/** The synthesis settings a reading made with the user's stored defaults uses. */
export function synthesisSettingsOf(audio: AudioSettings): SynthesisSettings {
  return {
    speed: audio.defaultSpeed,
    stability: audio.defaultStability,
    similarity: audio.defaultSimilarity,
  };
}

export const preferencesSchema = z.object({
  userId: z.string(),
  favoriteVoiceIds: z.array(z.string()),
  defaultVoiceId: z.string().nullable(),
  recentVoiceIds: z.array(z.string()),
  audioSettings: audioSettingsSchema,
  updatedAt: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What the browser may change; recent voices are kept by the server as readings are made. */
export const preferencesUpdateSchema = z
  .object({
    favoriteVoiceIds: z
      .array(z.string().min(1).max(200))
      .max(100)
      .transform((ids) => [...new Set(ids)]),
    defaultVoiceId: z.string().min(1).max(200).nullable(),
    audioSettings: audioSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
