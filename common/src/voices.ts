import { z } from 'zod';
import {
  VOICE_CATEGORIES,
  VOICE_ENGINES,
  type VoiceCategory,
  type VoiceEngineName,
} from './voices-texts';

// The catalogue page's texts and helpers, without the schema library (decision 235).
export * from './voices-texts';

export const voiceLabelsSchema = z.object({
  gender: z.enum(['male', 'female', 'neutral']).nullable(),
  age: z.string().nullable(),
  accent: z.string().nullable(),
  useCase: z.string().nullable(),
});
export type VoiceLabels = z.infer<typeof voiceLabelsSchema>;

export const voiceSchema = z.object({
  id: z.string(),
  /** The display name (the admin's override when there is one). */
  name: z.string(),
  /** The engine's own name for the voice. */
  originalName: z.string(),
  description: z.string().nullable(),
  labels: voiceLabelsSchema,
  bestFor: z.array(z.string()),
  category: z.enum(VOICE_CATEGORIES),
  /** Where the preview plays from: the provider's hosted file, or our stored one. */
  previewUrl: z.string(),
  featured: z.boolean(),
  /** The engine that reads the voice: local, elevenlabs, openai or neural. */
  engine: z.enum(VOICE_ENGINES),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voiceListSchema = z.object({ voices: z.array(voiceSchema) });
export type VoiceList = z.infer<typeof voiceListSchema>;

/**
 * The children rule (docs/glossary.md#children-rule): "age child, or young with female gender, or the
 * name 'ethan'"; everyone else goes by gender. Used as a voice's default category; an admin may
 * correct it per voice. Returns null when neither rule nor gender decides (a neutral adult voice).
 */
export function defaultVoiceCategory(input: {
  name: string;
  labels: Pick<VoiceLabels, 'gender' | 'age'>;
}): VoiceCategory | null {
  const age = input.labels.age?.trim().toLowerCase() ?? '';
  const gender = input.labels.gender;
  if (age === 'child' || (age === 'young' && gender === 'female') || /\bethan\b/i.test(input.name))
    return 'children';
  if (gender === 'male') return 'men';
  if (gender === 'female') return 'women';
  return null;
}

// ---- Admin: voice management, permissions and featured voices (docs/glossary.md#voice-admin) ----

const voiceIdSchema = z.string().trim().min(1).max(100);

export const adminVoiceSchema = voiceSchema.extend({
  providerVoiceId: z.string(),
  enabled: z.boolean(),
  available: z.boolean(),
});
export type AdminVoice = z.infer<typeof adminVoiceSchema>;
export const adminVoiceListSchema = z.object({
  voices: z.array(adminVoiceSchema),
  /** The active provider, as the admin texts name it. */
  provider: z.string(),
});
export type AdminVoiceList = z.infer<typeof adminVoiceListSchema>;

/** Voice id to display name (an empty name restores the engine's own). */
export const updateVoiceNamesInputSchema = z.object({
  voiceNames: z.record(voiceIdSchema, z.string().max(100)),
});
/** The voices admins enable. */
export const updateEnabledVoicesInputSchema = z.object({
  enabledVoiceIds: z.array(voiceIdSchema).max(1000),
});
/** Featured Voices tab: one voice or many at once. */
export const setFeaturedVoicesInputSchema = z.object({
  voiceIds: z.array(voiceIdSchema).min(1).max(1000),
  featured: z.boolean(),
});
export const setVoiceCategoryInputSchema = z.object({ category: z.enum(VOICE_CATEGORIES) });
/** One user's allowed voices: an empty list lifts the user's restriction. */
export const updateVoicePermissionsInputSchema = z.object({
  voiceIds: z.array(voiceIdSchema).max(1000),
});
/** The same list for every user at once (the bulk actions); an empty list lifts every restriction. */
export const bulkVoicePermissionsInputSchema = updateVoicePermissionsInputSchema;
export const bulkVoicePermissionsResultSchema = z.object({
  usersUpdated: z.number().int().nonnegative(),
});
export const userVoicePermissionsSchema = z.object({
  /** null: no restriction, the user may use every enabled voice. */
  voiceIds: z.array(z.string()).nullable(),
});

/** Users are read a page at a time (there may be 100,000 of them), in email order. */
export const VOICE_PERMISSIONS_PAGE_SIZE = 50;
export const voicePermissionsQuerySchema = z.object({
  /** An email prefix or a user id. */
  q: z.string().trim().max(254, 'Search is too long').optional(),
  /** The last email of the previous page. */
  after: z.string().max(254).optional(),
});
export type VoicePermissionsQuery = z.infer<typeof voicePermissionsQuerySchema>;
export const voicePermissionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  voiceIds: z.array(z.string()).nullable(),
});
export type VoicePermissionUser = z.infer<typeof voicePermissionUserSchema>;
/** Spec's getAllVoicePermissions, a page of users at a time. */
export const voicePermissionsPageSchema = z.object({
  users: z.array(voicePermissionUserSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextAfter: z.string().nullable(),
});
export type VoicePermissionsPage = z.infer<typeof voicePermissionsPageSchema>;
export const importVoicesResultSchema = z.object({
  voicesImported: z.number().int(),
  /** The provider's name, as the success and failure texts say it. */
  provider: z.string(),
});
export const voiceNamesResultSchema = z.object({ updated: z.number().int().nonnegative() });
export const featuredVoicesResultSchema = z.object({ updated: z.number().int().nonnegative() });

/** How the admin texts name the voice provider (decisions: "voice provider" when several). */
export const VOICE_PROVIDER_NAMES: Record<VoiceEngineName, string> = {
  local: 'the built-in engines',
  elevenlabs: 'ElevenLabs',
  openai: 'the speech server',
  neural: 'the neural engine',
};
export const SEVERAL_PROVIDERS_NAME = 'voice provider';

/** Voice Permissions' "grant first 5 voices" bulk action. */
export const GRANT_FIRST_VOICES = 5;

export const ADMIN_VOICES_MESSAGES = {
  permissionsSaved: 'Voice permissions updated successfully!',
  permissionsLoadFailed: 'Failed to load voice permissions',
  permissionsSaveFailed: 'Failed to save voice permissions',
  featuredFailed: 'Failed to update featured status',
  enabledFailed: 'Failed to update all voices',
  namesSaved: 'Voice names updated successfully!',
  namesFailed: 'Failed to update voice names. Please try again.',
  bulkSaved: 'Voice permissions updated for all users!',
  bulkFailed: 'Failed to apply bulk permissions',
  imported: (n: number, provider: string) => `Successfully imported ${n} voices from ${provider}`,
  importFailed: (provider: string) => `Failed to import voices from ${provider}`,
  loadFailed: 'Failed to load voices.',
  categoryFailed: 'Failed to update the category. Please try again.',
} as const;
