import type { Beat } from '@doublecast/common/scripts';

/**
 * A cue that listens to the actor's line and says when the partner may answer: speech
 * recognition following the words, or a voice-activity detector hearing speech and silence.
 * Both run in the browser; neither records or sends the actor's audio (a browser's own speech
 * recognition may use its maker's service: the setting that turns it on says so).
 */
export interface VoiceCue {
  readonly kind: 'recognition' | 'detector';
  /** Opens the microphone (and loads what the cue needs); rejects with a CueError. */
  start(): Promise<void>;
  /** Listens for one line; `done` resolves when the partner may answer. */
  listen(line: LineToHear, speed: number): Listening;
  /** Called when the cue stops working during a run (the caller falls back). */
  onFailure: ((error: CueError) => void) | null;
  /** The microphone's level, 0..1, for the meter. */
  level(): number;
  stop(): void;
}

export interface LineToHear {
  text: string;
  beats?: readonly Beat[];
}

export interface Heard {
  /** What recognition heard of the line; null for the detector (it hears no words). */
  words: string | null;
  /** Milliseconds of speech heard. */
  speechMs: number;
}

export interface Listening {
  done: Promise<Heard>;
  /** Stops listening (a tap, a pause) and gives what was heard so far. */
  cancel(): Heard;
}

export type CueFailure = 'unsupported' | 'network' | 'denied' | 'failed';

export class CueError extends Error {
  constructor(
    readonly reason: CueFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'CueError';
  }
}

/** One line on the run screen when a listening cue gives way to the next one. */
export const RECOGNITION_FALLBACK_MESSAGE =
  'Speech recognition is not available here: the partner listens for when your voice stops.';
export const MIC_UNAVAILABLE =
  'The microphone is not available. Tap Continue or press Space instead.';
