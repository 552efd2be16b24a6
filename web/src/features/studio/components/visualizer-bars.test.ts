import { describe, expect, it } from 'vitest';
import { fallen, speechBars } from './visualizer-bars';

describe('visualizer bars', () => {
  it('spreads the speech band over every bar: a voice fills the width, not its left third', () => {
    // A 256-point FFT at 48 kHz: 128 bins of 187.5 Hz; speech energy in the first 40 (0-7.5 kHz).
    const bins = new Uint8Array(128);
    for (let i = 0; i < 40; i++) bins[i] = 200 - i * 3;
    const bars = speechBars(bins, 48_000);
    expect(bars).toHaveLength(43);
    const lit = bars.map((h, i) => (h > 0 ? i : -1)).filter((i) => i >= 0);
    expect(lit.at(-1)! / bars.length).toBeGreaterThan(0.9);
    expect(bars[0]).toBeCloseTo(200 / 255);
  });

  it('keeps to the bins there are, whatever the sample rate', () => {
    expect(speechBars(new Uint8Array(128), 44_100)).toHaveLength(47);
    expect(speechBars(new Uint8Array(128), 8_000)).toHaveLength(128);
    expect(speechBars(new Uint8Array(4), 48_000)).toHaveLength(2);
  });

  it('once stopped, the bars fall and come to rest instead of freezing', () => {
    let bars = [1, 0.5, 0.02];
    const frames: number[][] = [];
    while (bars.some((h) => h > 0)) {
      bars = fallen(bars);
      frames.push(bars);
      expect(frames.length).toBeLessThan(30);
    }
    expect(frames[0]).toEqual([0.8, 0.4, 0]);
    expect(frames.at(-1)).toEqual([0, 0, 0]);
  });
});
