import type { Beat } from '@doublecast/common/scripts';

/**
 * Beats in a partner's line are silence in the partner's reading: the line's audio is one clip,
 * so the player pauses it where the beat falls. Where that is comes from the clip itself: the
 * beat's share of the line's letters gives a time, which moves to the nearest pause the voice
 * made there (voices pause between sentences, where beats are usually written).
 */
export interface BeatPlan {
  /** Seconds of silence (at speed 1) before the clip starts. */
  before: number;
  /** Pauses inside the clip: at `at` seconds of the clip, `seconds` of silence. */
  inside: { at: number; seconds: number }[];
  /** Seconds of silence after the clip ends. */
  after: number;
}

export interface Silence {
  start: number;
  end: number;
}

const WINDOW_S = 0.01;
const MIN_SILENCE_S = 0.08;

/** Quiet stretches of a clip (10 ms windows under 3% of its loudest window), 80 ms or longer. */
export function silencesOf(samples: Float32Array, rate: number): Silence[] {
  const size = Math.max(1, Math.round(rate * WINDOW_S));
  const levels: number[] = [];
  for (let i = 0; i < samples.length; i += size) {
    let sum = 0;
    const end = Math.min(samples.length, i + size);
    for (let k = i; k < end; k++) sum += samples[k]! * samples[k]!;
    levels.push(Math.sqrt(sum / (end - i)));
  }
  const floor = Math.max(...levels, 0) * 0.03;
  const out: Silence[] = [];
  let from = -1;
  for (let w = 0; w <= levels.length; w++) {
    const quiet = w < levels.length && levels[w]! <= floor;
    if (quiet && from < 0) from = w;
    if (!quiet && from >= 0) {
      if ((w - from) * WINDOW_S >= MIN_SILENCE_S)
        out.push({ start: from * WINDOW_S, end: w * WINDOW_S });
      from = -1;
    }
  }
  return out;
}

/** Where the line's beats fall in its clip of `duration` seconds with these pauses in it. */
export function planBeats(
  text: string,
  beats: readonly Beat[] | undefined,
  duration: number,
  silences: readonly Silence[],
): BeatPlan {
  const plan: BeatPlan = { before: 0, inside: [], after: 0 };
  if (!beats?.length) return plan;
  const words = text.split(' ');
  const total = text.length || 1;
  // Speech runs from the end of the clip's leading silence to the start of its trailing one.
  const lead = silences[0]?.start === 0 ? silences[0].end : 0;
  const lastSilence = silences.at(-1);
  const tail = lastSilence && lastSilence.end >= duration - WINDOW_S ? lastSilence.start : duration;
  const speech = Math.max(0.01, tail - lead);
  const inner = silences.filter((s) => s.start > lead && s.end < tail);
  for (const beat of beats) {
    if (beat.at <= 0) plan.before += beat.seconds;
    else if (beat.at >= words.length) plan.after += beat.seconds;
    else {
      const letters = words.slice(0, beat.at).join(' ').length;
      const guess = lead + (letters / total) * speech;
      const reach = Math.max(0.4, speech * 0.25);
      let at = guess;
      let best = reach;
      for (const s of inner) {
        const mid = (s.start + s.end) / 2;
        if (Math.abs(mid - guess) < best) {
          best = Math.abs(mid - guess);
          at = mid;
        }
      }
      plan.inside.push({ at, seconds: beat.seconds });
    }
  }
  plan.inside.sort((a, b) => a.at - b.at);
  return plan;
}

/** Decodes a clip and plans its beats; a browser that cannot decode plays the line through. */
export async function beatPlanFor(
  blob: Blob,
  text: string,
  beats: readonly Beat[] | undefined,
): Promise<BeatPlan> {
  const plain = planBeats(text, beats, 1, []);
  if (!beats?.some((b) => b.at > 0 && b.at < text.split(' ').length)) return plain;
  if (typeof OfflineAudioContext === 'undefined') return { ...plain, inside: [] };
  try {
    const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(
      await blob.arrayBuffer(),
    );
    const samples = decoded.getChannelData(0);
    return planBeats(text, beats, decoded.duration, silencesOf(samples, decoded.sampleRate));
  } catch {
    return { ...plain, inside: [] };
  }
}
