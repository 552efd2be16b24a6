import { describe, expect, it } from 'vitest';
import {
  ASSUMED_ACTOR_DB,
  clampOffset,
  fromDb,
  readerGainDb,
  SpeechMeter,
  speechLevelDb,
} from './levels';

const RATE = 48_000;

/** A sine of peak `amp` for `seconds`, then `quiet` seconds of silence. */
function tone(amp: number, seconds: number, quiet = 0): Float32Array {
  const out = new Float32Array(Math.round((seconds + quiet) * RATE));
  for (let i = 0; i < seconds * RATE; i++) out[i] = amp * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return out;
}

describe('speech level', () => {
  it('is the RMS of the speech, not counting the pauses around it', () => {
    // A sine of peak 0.5 has RMS 0.5/√2: -9.03 dBFS, with or without 3 s of silence after it.
    expect(speechLevelDb(tone(0.5, 1), RATE)).toBeCloseTo(-9.03, 1);
    expect(speechLevelDb(tone(0.5, 1, 3), RATE)).toBeCloseTo(-9.03, 1);
    expect(speechLevelDb(tone(0.05, 1, 3), RATE)).toBeCloseTo(-29.03, 1);
  });

  it('is null for silence and for noise under the gate', () => {
    expect(speechLevelDb(new Float32Array(RATE), RATE)).toBeNull();
    expect(speechLevelDb(tone(0.001, 1), RATE)).toBeNull();
  });

  it('the live meter counts speech windows and skips the quiet between them', () => {
    const meter = new SpeechMeter();
    expect(meter.level()).toBeNull();
    const speech = tone(0.5, 0.02);
    const quiet = new Float32Array(960);
    for (let i = 0; i < 20; i++) meter.add(i % 2 ? speech : quiet);
    expect(meter.level()).toBeCloseTo(-9.03, 0);
  });
});

describe('reader gain', () => {
  it('puts the partner the chosen dB below the actor', () => {
    // Actor at -20 dBFS, partner clip at -12: 10 dB below the actor is a gain of -18 dB.
    expect(readerGainDb(-20, -12, -10)).toBe(-18);
    expect(readerGainDb(-20, -12, -20)).toBe(-28);
    expect(readerGainDb(-20, -12, 0)).toBe(-8);
    // The level that comes out: clip level + gain = actor level + offset.
    expect(-12 + readerGainDb(-20, -12, -10)).toBe(-30);
  });

  it('uses a typical speech level before the actor has spoken, unit gain for an unmeasured clip', () => {
    expect(readerGainDb(null, -12, -10)).toBe(ASSUMED_ACTOR_DB - 10 + 12);
    expect(readerGainDb(-20, null, -10)).toBe(0);
  });

  it('keeps the gain within bounds and the offset within the slider', () => {
    expect(readerGainDb(-10, -80, 0)).toBe(20);
    expect(readerGainDb(-70, -3, -20)).toBe(-40);
    expect(readerGainDb(-20, -20, -35)).toBe(-20);
    expect(readerGainDb(-20, -20, 5)).toBe(0);
    expect(clampOffset(Number.NaN)).toBe(-10);
    expect(clampOffset(-7.6)).toBe(-8);
    expect(fromDb(-20)).toBeCloseTo(0.1, 6);
  });
});
