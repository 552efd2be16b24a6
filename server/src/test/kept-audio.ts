import type { TestApp } from './test-app';

/** A live history item of `bytes` for the user, as if they had kept that much audio. */
export async function insertKeptAudio(
  t: TestApp,
  options: { userId: string; bytes: number; voiceId?: string },
): Promise<string> {
  const id = `kept-${options.userId}-${options.bytes}`;
  await t.db.kysely
    .insertInto('generations')
    .values({
      id,
      user_id: options.userId,
      text: 'Older readings',
      audio_key: `users/${options.userId}/generations/${id}.mp3`,
      voice_id: options.voiceId ?? 'v1',
      voice_name: 'Voice',
      voice_gender: null,
      voice_accent: null,
      voice_age: null,
      created_at: '2026-03-15T11:00:00.000Z',
      duration: 1,
      character_count: 10,
      script_id: null,
      size_bytes: options.bytes,
      settings: '{}',
      is_deleted: 0,
      deleted_at: null,
      updated_at: '2026-03-15T11:00:00.000Z',
    })
    .execute();
  return id;
}
