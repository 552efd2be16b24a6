import { detectorVerdict, nextPace } from '../engine/listening';
import { CueError, type Heard, type LineToHear, type Listening, type VoiceCue } from './voice-cue';

/** Silero's speech probability over which a frame is speech, and under which it is silence. */
const SPEECH_ON = 0.5;
const SPEECH_OFF = 0.35;

/** What the detector hands the cue for each frame of microphone audio. */
export interface Frame {
  isSpeech: number;
  /** Milliseconds of audio in the frame. */
  ms: number;
  rms: number;
}

/**
 * A detector, loaded: `start` opens the microphone (through `getStream`) and frames arrive
 * through `onFrame`; `stop` closes it.
 */
export interface FrameSource {
  start(): Promise<void>;
  stop(): Promise<void>;
}
export type LoadFrames = (
  getStream: () => Promise<MediaStream>,
  onFrame: (frame: Frame) => void,
) => Promise<FrameSource>;

interface Waiting {
  line: LineToHear;
  /** When the line began to be listened for: audio captured before it is not the line. */
  from: number;
  speed: number;
  speechMs: number;
  silenceMs: number;
  resolve: (heard: Heard) => void;
}

/**
 * Hears when the actor speaks and stops with a neural voice-activity detector (Silero VAD in the
 * browser, @ricky0123/vad-web on onnxruntime-web), loaded only when this cue starts. The model's
 * frames decide speech and silence; the listening rules (engine/listening.ts) decide when a
 * silence ends the line, from how much of the line's expected length was spoken and its beats.
 */
export class DetectorCue implements VoiceCue {
  readonly kind = 'detector' as const;
  onFailure: VoiceCue['onFailure'] = null;
  private source: FrameSource | null = null;
  private loading: Promise<FrameSource> | null = null;
  private started = false;
  private stream: MediaStream | null = null;
  private speaking = false;
  private waiting: Waiting | null = null;
  private lastLevel = 0;
  /** The actor's pace against the estimate, learnt line by line. */
  private pace = 1;
  /**
   * When the microphone's audio began, and how much of it the detector has judged: frames can
   * be judged seconds after they were captured on a busy phone, and a phrase spoken before the
   * actor's line began must not count as the line.
   */
  private audioFrom = 0;
  private audioMs = 0;

  constructor(
    private readonly load: LoadFrames = loadSileroFrames,
    private readonly getMicrophone: () => Promise<MediaStream> = () =>
      navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      }),
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Loads the model and its runtime without opening the microphone (the voice cue was chosen):
   * the first line need not wait for them.
   */
  prepare(): Promise<FrameSource> {
    this.loading ??= this.load(
      async () => {
        try {
          this.stream = await this.getMicrophone();
          return this.stream;
        } catch (e) {
          throw new CueError('denied', (e as Error).message);
        }
      },
      (frame) => this.onFrame(frame),
    );
    this.loading.catch(() => (this.loading = null));
    return this.loading;
  }

  async start(): Promise<void> {
    if (this.started) return;
    let source: FrameSource;
    try {
      source = await this.prepare();
    } catch (e) {
      throw new CueError('failed', (e as Error).message);
    }
    try {
      await source.start();
    } catch (e) {
      this.stream?.getTracks().forEach((t) => t.stop());
      this.stream = null;
      throw e instanceof CueError ? e : new CueError('failed', (e as Error).message);
    }
    this.source = source;
    this.started = true;
    this.audioFrom = this.now();
    this.audioMs = 0;
  }

  private onFrame(frame: Frame) {
    const capturedAt = this.audioFrom + this.audioMs;
    this.audioMs += frame.ms;
    this.lastLevel = Math.min(1, frame.rms * 8);
    if (frame.isSpeech >= SPEECH_ON) this.speaking = true;
    else if (frame.isSpeech < SPEECH_OFF) this.speaking = false;
    const w = this.waiting;
    if (!w || capturedAt < w.from) return;
    if (this.speaking) {
      w.speechMs += frame.ms;
      w.silenceMs = 0;
    } else if (w.speechMs > 0) w.silenceMs += frame.ms;
    const verdict = detectorVerdict({
      text: w.line.text,
      beats: w.line.beats,
      speed: w.speed,
      pace: this.pace,
      speechMs: w.speechMs,
      silenceMs: w.silenceMs,
    });
    if (!verdict.go) return;
    this.waiting = null;
    this.pace = nextPace(this.pace, w.line.text, w.speechMs, w.speed);
    w.resolve({ words: null, speechMs: w.speechMs });
  }

  listen(line: LineToHear, speed: number): Listening {
    let resolve!: (heard: Heard) => void;
    const done = new Promise<Heard>((r) => (resolve = r));
    const w: Waiting = { line, from: this.now(), speed, speechMs: 0, silenceMs: 0, resolve };
    this.waiting = w;
    return {
      done,
      cancel: () => {
        if (this.waiting === w) this.waiting = null;
        return { words: null, speechMs: w.speechMs };
      },
    };
  }

  level(): number {
    return this.lastLevel;
  }

  stop(): void {
    this.waiting = null;
    const source = this.source;
    this.source = null;
    this.loading = null;
    this.started = false;
    void source?.stop().catch(() => undefined);
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = null;
  }
}

/**
 * Silero VAD v5 over the microphone stream: @ricky0123/vad-web (its audio worklet resamples to
 * 16 kHz frames of 512 samples) on onnxruntime-web's single-threaded WebAssembly build, every
 * file served by Doublecast (web/vad-assets.ts, cues/ort-runtime.ts). Loaded on first use only.
 */
export const loadSileroFrames: LoadFrames = async (getStream, onFrame) => {
  const [{ MicVAD }, { VAD_ASSET_BASE }, { loadOnnxRuntime }] = await Promise.all([
    import('@ricky0123/vad-web'),
    import('virtual:vad-assets'),
    import('./ort-runtime'),
  ]);
  await loadOnnxRuntime();
  const vad = await MicVAD.new({
    model: 'v5',
    baseAssetPath: VAD_ASSET_BASE,
    onnxWASMBasePath: VAD_ASSET_BASE,
    ortConfig: (ort) => {
      ort.env.logLevel = 'error';
      // One thread: no worker and no SharedArrayBuffer, which would need cross-origin isolation.
      ort.env.wasm.numThreads = 1;
    },
    getStream,
    pauseStream: async () => undefined,
    resumeStream: async (s) => s,
    onFrameProcessed: (probabilities, frame) => {
      let sum = 0;
      for (const v of frame) sum += v * v;
      onFrame({
        isSpeech: probabilities.isSpeech,
        ms: (frame.length / 16_000) * 1000,
        rms: Math.sqrt(sum / Math.max(1, frame.length)),
      });
    },
    startOnLoad: false,
  });
  return { start: () => vad.start(), stop: () => vad.destroy() };
};
