import { DetectorCue } from './detector-cue';
import { RecognitionCue, recognitionConstructor } from './recognition-cue';
import { RECOGNITION_FALLBACK_MESSAGE, type VoiceCue } from './voice-cue';

/** A cue that can load what it needs before it opens the microphone. */
type Preparable = VoiceCue & { prepare?(): Promise<unknown> };

export interface ListeningCueOptions {
  /** The actor allows the browser's speech recognition (it may use the browser maker's service). */
  recognition: boolean;
  makeRecognition?: () => VoiceCue | null;
  makeDetector?: () => Preparable;
  /** A one-line note for the actor when a cue gives way to the next. */
  onNotice(message: string): void;
  /** Which cue listens now. */
  onListener(kind: 'starting' | 'recognition' | 'detector' | 'off'): void;
  /** The cue listening gave way during a line: the engine listens again with the next. */
  onFallback(): void;
}

/**
 * The voice cue's chain: speech recognition where the browser has it and the actor allows it,
 * else (or when it fails: no network, refused, a 'network' or 'not-allowed' error) the
 * voice-activity detector; when the microphone is refused, none (the run falls back to tap).
 * Starts once, on the first line that needs it, and stays open for the run.
 */
export class ListeningCue {
  private cue: VoiceCue | null = null;
  private starting: Promise<VoiceCue | null> | null = null;
  private recognitionFailed = false;
  private detector: Preparable | null = null;

  constructor(private readonly o: ListeningCueOptions) {}

  private makeRecognition(): VoiceCue | null {
    if (this.o.makeRecognition) return this.o.makeRecognition();
    const Recognition = recognitionConstructor();
    return Recognition ? new RecognitionCue(Recognition) : null;
  }

  private makeDetector(): Preparable {
    this.detector ??= this.o.makeDetector?.() ?? new DetectorCue();
    return this.detector;
  }

  /**
   * The voice cue was chosen: where the detector will listen (no recognition, or the actor
   * turned it off), its model loads now, without the microphone.
   */
  prepare() {
    const recognises =
      this.o.recognition &&
      !this.recognitionFailed &&
      (this.o.makeRecognition !== undefined || recognitionConstructor() !== null);
    if (!recognises)
      void this.makeDetector()
        .prepare?.()
        .catch(() => undefined);
  }

  /** The cue that listens, started; null when the microphone cannot be used. */
  ensure(): Promise<VoiceCue | null> {
    if (this.cue) return Promise.resolve(this.cue);
    this.starting ??= this.open().finally(() => (this.starting = null));
    return this.starting;
  }

  private async open(): Promise<VoiceCue | null> {
    this.o.onListener('starting');
    const recognition =
      this.o.recognition && !this.recognitionFailed ? this.makeRecognition() : null;
    if (recognition) {
      try {
        await recognition.start();
        recognition.onFailure = () => this.giveWay(recognition);
        return this.use(recognition);
      } catch {
        this.recognitionFailed = true;
        this.o.onNotice(RECOGNITION_FALLBACK_MESSAGE);
      }
    }
    const detector = this.makeDetector();
    try {
      await detector.start();
      return this.use(detector);
    } catch {
      this.o.onListener('off');
      return null;
    }
  }

  private use(cue: VoiceCue): VoiceCue {
    this.cue = cue;
    this.o.onListener(cue.kind);
    return cue;
  }

  private giveWay(failed: VoiceCue) {
    if (this.cue !== failed) return;
    failed.stop();
    this.cue = null;
    // The detector that will take over starts loading now.
    this.makeDetector()
      .prepare?.()
      .catch(() => undefined);
    this.recognitionFailed = true;
    this.o.onNotice(RECOGNITION_FALLBACK_MESSAGE);
    this.o.onFallback();
  }

  level(): number {
    return this.cue?.level() ?? 0;
  }

  get kind(): VoiceCue['kind'] | null {
    return this.cue?.kind ?? null;
  }

  /** Closes the microphone (the run ended, or another cue mode was chosen). */
  stop() {
    this.cue?.stop();
    this.cue = null;
    this.o.onListener('off');
  }
}
