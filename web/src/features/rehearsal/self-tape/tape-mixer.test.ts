import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordTake } from './tape-mixer';
import { MAX_TAKE_MS } from './takes';

/** A MediaRecorder that hands over one chunk per second and its last one on stop. */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  constructor(_stream: unknown, options: { mimeType: string }) {
    this.mimeType = options.mimeType;
    FakeRecorder.made.push(this);
  }
  start(slice: number) {
    this.state = 'recording';
    this.tick = setInterval(() => this.ondataavailable?.({ data: new Blob(['x']) }), slice);
  }
  /** How long the recorder takes to hand over its last data and say it stopped. */
  static stopLagMs = 0;
  stop() {
    // As the browser's: stopping a stopped recorder throws.
    if (this.state === 'inactive') throw new DOMException('inactive', 'InvalidStateError');
    if (this.tick) clearInterval(this.tick);
    this.state = 'inactive';
    const done = () => {
      this.ondataavailable?.({ data: new Blob(['end']) });
      this.onstop?.();
    };
    if (FakeRecorder.stopLagMs > 0) setTimeout(done, FakeRecorder.stopLagMs);
    else done();
  }
}

const format = { mimeType: 'video/webm;codecs=vp9,opus', ext: 'webm' } as const;

describe('recordTake', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeRecorder.made = [];
    FakeRecorder.stopLagMs = 0;
    vi.stubGlobal('MediaRecorder', FakeRecorder);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stops by itself at 15 minutes, says so, and keeps the take', () => {
    const onDone = vi.fn();
    // The page stops the take itself when told (stopTake); the recorder stops once.
    const onTooLong = vi.fn(() => take.stop());
    const take = recordTake({} as MediaStream, format, { onDone, onTooLong, onError: vi.fn() });
    vi.advanceTimersByTime(MAX_TAKE_MS - 1);
    expect(onTooLong).not.toHaveBeenCalled();
    expect(FakeRecorder.made[0]!.state).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(onTooLong).toHaveBeenCalledOnce();
    expect(onDone).toHaveBeenCalledOnce();
    const [blob, ms] = onDone.mock.calls[0] as [Blob, number];
    expect(blob.type).toBe('video/webm');
    expect(blob.size).toBe(MAX_TAKE_MS / 1000 - 1 + 'end'.length);
    expect(ms).toBe(MAX_TAKE_MS);
  });

  it('a take stopped before the limit is kept once, with no message', () => {
    const onDone = vi.fn();
    const onTooLong = vi.fn();
    const take = recordTake({} as MediaStream, format, { onDone, onTooLong, onError: vi.fn() });
    vi.advanceTimersByTime(5_000);
    take.stop();
    take.stop();
    vi.advanceTimersByTime(MAX_TAKE_MS);
    expect(onTooLong).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledOnce();
    expect(onDone.mock.calls[0]![1]).toBe(5_000);
  });

  it("measures the take to the call to stop, not to the recorder's late 'stop' event", () => {
    FakeRecorder.stopLagMs = 450;
    const onDone = vi.fn();
    const take = recordTake({} as MediaStream, format, {
      onDone,
      onTooLong: vi.fn(),
      onError: vi.fn(),
    });
    vi.advanceTimersByTime(8_000);
    take.stop();
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(450);
    expect(onDone).toHaveBeenCalledOnce();
    expect(onDone.mock.calls[0]![1]).toBe(8_000);
  });
});
