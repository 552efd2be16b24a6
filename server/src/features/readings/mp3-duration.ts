import type { Readable } from 'node:stream';
import { parseBuffer, parseStream } from 'music-metadata';

const OPTIONS = { duration: true, skipCovers: true };

/**
 * The length of an MP3 in seconds, read by music-metadata from its frames (no decoding, no child
 * process; decision 145): the Xing/Info frame count when the encoder wrote one, otherwise every
 * frame is counted. ID3 tags are skipped. Null when it is not an MP3 with audio frames.
 */
export async function mp3DurationSeconds(buf: Uint8Array): Promise<number | null> {
  if (buf.length === 0) return null;
  return seconds(() => parseBuffer(buf, { mimeType: 'audio/mpeg', size: buf.length }, OPTIONS));
}

/** The same, read from a stream of the file as it comes (never the whole file in memory). */
export async function mp3StreamDurationSeconds(
  stream: Readable,
  size: number,
): Promise<number | null> {
  try {
    if (size === 0) return null;
    return await seconds(() => parseStream(stream, { mimeType: 'audio/mpeg', size }, OPTIONS));
  } finally {
    stream.destroy();
  }
}

async function seconds(parse: () => ReturnType<typeof parseBuffer>): Promise<number | null> {
  try {
    const { format } = await parse();
    const s = format.duration;
    return s !== undefined && Number.isFinite(s) && s > 0 ? round(s) : null;
  } catch {
    return null;
  }
}

const round = (s: number) => Math.round(s * 1000) / 1000;
