/**
 * The length of an MP3 in seconds, from its frames (no decoding, no child process): the Xing/Info
 * frame count when the encoder wrote one, otherwise every frame is counted. ID3v2 tags at the
 * start and an ID3v1 tag at the end are skipped. Returns null when no frame is found.
 */
const BITRATES: Record<string, number[]> = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface FrameHeader {
  length: number;
  samples: number;
  sampleRate: number;
  mono: boolean;
  mpeg1: boolean;
}

export function parseFrameHeader(buf: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > buf.length) return null;
  const b1 = buf[at]!;
  const b2 = buf[at + 1]!;
  const b3 = buf[at + 2]!;
  const b4 = buf[at + 3]!;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const version = (b2 >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
  const layerBits = (b2 >> 1) & 3; // 3 = I, 2 = II, 1 = III
  const bitrateIndex = b3 >> 4;
  const rateIndex = (b3 >> 2) & 3;
  if (
    version === 1 ||
    layerBits === 0 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    rateIndex === 3
  )
    return null;
  const layer = 4 - layerBits;
  const mpeg1 = version === 3;
  const table = mpeg1 ? `v1l${layer}` : layer === 1 ? 'v2l1' : 'v2l2';
  const bitrate = BITRATES[table]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b3 >> 1) & 1;
  let length: number;
  let samples: number;
  if (layer === 1) {
    length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    samples = 384;
  } else if (layer === 2 || mpeg1) {
    length = Math.floor((144 * bitrate) / sampleRate) + padding;
    samples = 1152;
  } else {
    length = Math.floor((72 * bitrate) / sampleRate) + padding;
    samples = 576;
  }
  return { length, samples, sampleRate, mono: b4 >> 6 === 3, mpeg1 };
}

function skipId3v2(buf: Uint8Array): number {
  let at = 0;
  while (
    at + 10 <= buf.length &&
    buf[at] === 0x49 &&
    buf[at + 1] === 0x44 &&
    buf[at + 2] === 0x33
  ) {
    const size =
      ((buf[at + 6]! & 0x7f) << 21) |
      ((buf[at + 7]! & 0x7f) << 14) |
      ((buf[at + 8]! & 0x7f) << 7) |
      (buf[at + 9]! & 0x7f);
    const footer = buf[at + 5]! & 0x10 ? 10 : 0;
    at += 10 + size + footer;
  }
  return at;
}

/** The Xing/Info frame count of the first frame, if present. */
function xingFrames(buf: Uint8Array, at: number, h: FrameHeader): { frames: number | null } | null {
  const sideInfo = h.mpeg1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17;
  const tag = at + 4 + sideInfo;
  if (tag + 12 > buf.length) return null;
  const id = String.fromCharCode(buf[tag]!, buf[tag + 1]!, buf[tag + 2]!, buf[tag + 3]!);
  if (id !== 'Xing' && id !== 'Info') return null;
  const flags = buf[tag + 7]!;
  if (!(flags & 1)) return { frames: null };
  const frames =
    ((buf[tag + 8]! << 24) | (buf[tag + 9]! << 16) | (buf[tag + 10]! << 8) | buf[tag + 11]!) >>> 0;
  return { frames };
}

export function mp3DurationSeconds(buf: Uint8Array): number | null {
  let at = skipId3v2(buf);
  // Find the first frame whose successor (or the end of the file) confirms it.
  let first: FrameHeader | null = null;
  for (; at + 4 <= buf.length; at++) {
    const h = parseFrameHeader(buf, at);
    if (!h) continue;
    const next = at + h.length;
    if (next >= buf.length - 128 || parseFrameHeader(buf, next)) {
      first = h;
      break;
    }
  }
  if (!first) return null;
  const xing = xingFrames(buf, at, first);
  if (xing?.frames) return round((xing.frames * first.samples) / first.sampleRate);
  let samples = 0;
  if (xing) at += first.length; // an Info frame without a count is silence the decoder skips
  while (at + 4 <= buf.length) {
    const h = parseFrameHeader(buf, at);
    if (!h) {
      // An ID3v1 tag (or trailing junk) ends the stream.
      break;
    }
    if (at + h.length > buf.length) break;
    samples += h.samples / h.sampleRate;
    at += h.length;
  }
  return samples > 0 ? round(samples) : null;
}

const round = (s: number) => Math.round(s * 1000) / 1000;
