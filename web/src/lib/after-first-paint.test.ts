import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_FALLBACK_MS } from './after-first-paint';

/** A window whose frames, timers and paint entries the test hands out one by one. */
function fakeWindow(options: { paintTiming: boolean; bufferedPaint?: boolean }) {
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
  const fcpList = {
    getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []),
  } as unknown as PerformanceObserverEntryList;
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming ? ['paint', 'navigation'] : ['navigation'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(init: PerformanceObserverInit) {
      expect(init).toEqual({ type: 'paint', buffered: true });
      if (options.bufferedPaint) {
        this.entry.callback(fcpList, this as unknown as PerformanceObserver);
      }
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win = {
    requestAnimationFrame: (fn: FrameRequestCallback) => {
      frames.push(() => fn(0));
      return frames.length;
    },
    setTimeout: (fn: () => void, ms: number) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
  } as unknown as Parameters<typeof afterFirstPaint>[1];
  return {
    win,
    nextFrame: () => frames.shift()?.(),
    runTimers: () => timers.splice(0).forEach((t) => t.fn()),
    timers,
    observers,
    paint: () => {
      for (const o of observers) {
        if (!o.disconnected) o.callback(fcpList, {} as PerformanceObserver);
      }
    },
  };
}

/** A fake window with afterFirstPaint called on it, and the start function it was given. */
function begin(options: Parameters<typeof fakeWindow>[0]) {
  const w = fakeWindow(options);
  const start = vi.fn();
  afterFirstPaint(start, w.win);
  return { ...w, start };
}

describe('afterFirstPaint (decision 235)', () => {
  it('starts when the first contentful paint is reported, not when two frames have run', () => {
    const { start, ...w } = begin({ paintTiming: true });
    w.nextFrame();
    w.nextFrame();
    expect(start).not.toHaveBeenCalled();
    expect(w.timers.map((t) => t.ms)).toEqual([FIRST_PAINT_FALLBACK_MS]);
    w.paint();
    expect(start).toHaveBeenCalledTimes(1);
    expect(w.observers[0]!.disconnected).toBe(true);
    // The fallback timer that fires later does not start the app a second time.
    w.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the paint happened before the script ran', () => {
    const { start } = begin({ paintTiming: true, bufferedPaint: true });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the fallback when no paint entry comes', () => {
    const { start, ...w } = begin({ paintTiming: true });
    w.nextFrame();
    w.nextFrame();
    w.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts after two frames', () => {
    const { start, ...w } = begin({ paintTiming: false });
    expect(w.observers).toEqual([]);
    w.nextFrame();
    expect(w.timers).toEqual([]);
    w.nextFrame();
    expect(w.timers.map((t) => t.ms)).toEqual([0]);
    w.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
