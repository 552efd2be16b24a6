/**
 * The reader's level in a self-tape (issue 34): casting offices most often hear a reader far
 * louder than the actor, so the partner's lines are mixed a chosen number of dB below the
 * actor's measured speech level. Levels are dBFS of the RMS over the windows that hold speech.
 */

/** The partner's level against the actor's speech: the default, and the slider's range. */
export const READER_OFFSET_DB = { default: -10, min: -20, max: 0 } as const;

/** Windows quieter than this (dBFS) are never speech: room noise, breath. */
export const SPEECH_GATE_DB = -50;
/** Windows more than this below the loudest one are pauses, not speech. */
const SPEECH_RANGE_DB = 30;
/** The speech level assumed until the actor has said anything. */
export const ASSUMED_ACTOR_DB = -24;
/** Bounds of the partner's gain, so a silent clip or microphone cannot blow up the mix. */
const GAIN_DB = { min: -40, max: 20 } as const;

export const toDb = (power: number) => (power > 0 ? 10 * Math.log10(power) : -Infinity);
export const fromDb = (db: number) => 10 ** (db / 20);

/** Mean square of each window of `size` samples. */
function windowPowers(samples: Float32Array, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < samples.length; i += size) {
    const end = Math.min(samples.length, i + size);
    let sum = 0;
    for (let k = i; k < end; k++) sum += samples[k]! * samples[k]!;
    out.push(sum / (end - i));
  }
  return out;
}

/**
 * The speech level of a clip (dBFS): the RMS over its 20 ms windows above the gate and within
 * 30 dB of its loudest window; null when nothing in it is speech.
 */
export function speechLevelDb(samples: Float32Array, rate: number): number | null {
  return speechLevelOfWindows(windowPowers(samples, Math.max(1, Math.round(rate * 0.02))));
}

/** Which windows (their mean squares) hold speech: above the gate, within 30 dB of the loudest. */
export function speechWindows(powers: readonly number[]): boolean[] {
  const loudest = toDb(powers.reduce((m, p) => Math.max(m, p), 0));
  const floor = Math.max(SPEECH_GATE_DB, loudest - SPEECH_RANGE_DB);
  return powers.map((p) => toDb(p) >= floor);
}

/** speechLevelDb over windows already measured (their mean squares). */
export function speechLevelOfWindows(powers: readonly number[]): number | null {
  const speech = speechWindows(powers);
  let sum = 0;
  let n = 0;
  powers.forEach((p, i) => {
    if (!speech[i]) return;
    sum += p;
    n++;
  });
  return n === 0 ? null : toDb(sum / n);
}

/**
 * The actor's speech level as it is heard, window by window (a live microphone has no end to
 * measure to): each window above the gate and within 30 dB of the loudest so far counts.
 */
export class SpeechMeter {
  private sum = 0;
  private n = 0;
  private loudest = -Infinity;

  /** Adds one window's samples; returns its level (dBFS) for a meter. */
  add(samples: Float32Array): number {
    const power = windowPowers(samples, samples.length)[0] ?? 0;
    const db = toDb(power);
    if (db > this.loudest) this.loudest = db;
    if (db >= Math.max(SPEECH_GATE_DB, this.loudest - SPEECH_RANGE_DB)) {
      this.sum += power;
      this.n++;
    }
    return db;
  }

  /** The speech level so far, null before any speech. */
  level(): number | null {
    return this.n === 0 ? null : toDb(this.sum / this.n);
  }
}

/**
 * The gain (dB) that puts a partner clip of speech level `partnerDb` at `offsetDb` from the
 * actor's speech level `actorDb` (the assumed level before the actor has spoken), within bounds.
 */
export function readerGainDb(
  actorDb: number | null,
  partnerDb: number | null,
  offsetDb: number,
): number {
  if (partnerDb === null) return 0;
  const offset = clampOffset(offsetDb);
  const gain = (actorDb ?? ASSUMED_ACTOR_DB) + offset - partnerDb;
  return Math.min(GAIN_DB.max, Math.max(GAIN_DB.min, gain));
}

/** The slider's value, whole dB within its range (anything else is the default). */
export function clampOffset(offsetDb: number): number {
  if (!Number.isFinite(offsetDb)) return READER_OFFSET_DB.default;
  return Math.min(READER_OFFSET_DB.max, Math.max(READER_OFFSET_DB.min, Math.round(offsetDb)));
}
