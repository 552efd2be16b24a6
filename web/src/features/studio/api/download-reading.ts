import { downloadFileName } from '@doublecast/common/download-name';
import { OBJECT_URL_RELEASE_MS, type Reading } from '@doublecast/common/studio';
import { ApiError } from '../../../lib/api-client';

/**
 * Saves a reading as an MP3 named by the download-name rule (docs/glossary.md#download-name). The audio is fetched as a blob (the stored
 * file, same-origin with the session cookie) and handed to the browser through an object URL,
 * released 100 ms later (docs/glossary.md#constants).
 */
export async function downloadReading(
  item: Pick<Reading, 'audioUrl' | 'createdAt' | 'voiceName' | 'text'>,
): Promise<string> {
  const res = await fetch(item.audioUrl, { credentials: 'same-origin' }).catch(() => null);
  if (!res?.ok)
    throw new ApiError('internal', 'Failed to play audio. Please try again.', res?.status ?? 0);
  const blob = await res.blob();
  const name = downloadFileName({
    date: new Date(item.createdAt),
    voiceName: item.voiceName,
    text: item.text,
  });
  const url = URL.createObjectURL(new Blob([blob], { type: 'audio/mpeg' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_RELEASE_MS);
  return name;
}
