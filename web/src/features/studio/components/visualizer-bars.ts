/**
 * The frequency band a voice fills. A 256-point FFT at 44.1-48 kHz spreads its bins up to 22-24
 * kHz, and speech (the offline engines' 22 kHz audio above all) has almost nothing above this:
 * drawn bin for bin, the bars filled only the left third of the canvas.
 */
export const SPEECH_BAND_HZ = 8000;

/**
 * Bar heights from 0 to 1, one per analyser bin inside the speech band, to be drawn across the
 * whole width: `bins` is the analyser's byte frequency data (fftSize / 2 values from 0 Hz up).
 */
export function speechBars(bins: Uint8Array, sampleRate: number): number[] {
  const binHz = sampleRate / (bins.length * 2);
  const count = Math.max(1, Math.min(bins.length, Math.ceil(SPEECH_BAND_HZ / binHz)));
  return Array.from(bins.subarray(0, count), (v) => v / 255);
}

/**
 * One frame later once playback has stopped: every bar falls towards rest, and a bar low enough
 * is at rest (0). The drawing runs until all are, so the bars settle instead of freezing.
 */
export function fallen(heights: readonly number[], factor = 0.8): number[] {
  return heights.map((h) => (h * factor < 0.02 ? 0 : h * factor));
}
