/**
 * Valid silent MP3 (MPEG-1 Layer III, 128 kbps, 44.1 kHz, mono) built frame by frame, for tests
 * and the benchmark's fake engine: players decode it as silence and its length is exact.
 * Each frame is 1152 samples (about 26.12 ms).
 */
export const FRAME_SECONDS = 1152 / 44100;

export function silentMp3Frame(padding = false): Buffer {
  const length = Math.floor((144 * 128_000) / 44_100) + (padding ? 1 : 0);
  const frame = Buffer.alloc(length);
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = 0x90 | (padding ? 0x02 : 0);
  frame[3] = 0xc4;
  return frame;
}

/** `frames` frames of silence, with lame's padding pattern so the bitrate averages 128 kbps. */
export function silentMp3(frames: number): Buffer {
  const list: Buffer[] = [];
  let rest = 0;
  for (let i = 0; i < frames; i++) {
    // 144 * 128000 / 44100 = 417.959...: pad when the fraction carries over.
    rest += 0.959183673;
    const pad = rest >= 1;
    if (pad) rest -= 1;
    list.push(silentMp3Frame(pad));
  }
  return Buffer.concat(list);
}
