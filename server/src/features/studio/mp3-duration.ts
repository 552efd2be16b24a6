import { parseBuffer } from 'music-metadata';

/**
 * The length of an MP3 in seconds, read by music-metadata from its frames (no decoding, no child
 * process; decision 145): the Xing/Info frame count when the encoder wrote one, otherwise every
 * frame is counted. ID3 tags are skipped. Null when it is not an MP3 with audio frames.
 */
export async function mp3DurationSeconds(buf: Uint8Array): Promise<number | null> {
  if (buf.length === 0) return null;
  try {
    const { format } = await parseBuffer(
      buf,
      { mimeType: 'audio/mpeg', size: buf.length },
      { duration: true, skipCovers: true },
    );
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? round(seconds) : null;
  } catch {
    return null;
  }
}

const round = (s: number) => Math.round(s * 1000) / 1000;
