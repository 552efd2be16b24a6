import { normWords } from '../engine/words';
import { recognitionVerdict } from '../engine/listening';
import { CueError, type Heard, type LineToHear, type Listening, type VoiceCue } from './voice-cue';

/** The parts of the Web Speech API's SpeechRecognition this cue uses. */
export interface RecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
  start(): void;
  abort(): void;
}
export interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean } & ArrayLike<{ transcript: string }>>;
}
export type RecognitionConstructor = new () => RecognitionLike;

/** SpeechRecognition or webkitSpeechRecognition, or null where the browser has neither. */
export function recognitionConstructor(scope: object = globalThis): RecognitionConstructor | null {
  const w = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  return ((w.SpeechRecognition ?? w.webkitSpeechRecognition) as RecognitionConstructor) ?? null;
}

/** Errors after which recognition will not work in this run: the detector takes over. */
const FATAL = new Set([
  'network',
  'not-allowed',
  'service-not-allowed',
  'audio-capture',
  'language-not-supported',
  'bad-grammar',
]);
/** How long the recogniser may take to start before the cue gives up on it. */
const START_TIMEOUT_MS = 5_000;

interface Waiting {
  expected: string[];
  line: LineToHear;
  speed: number;
  /** First result slot of this line, and words of it heard before the line began. */
  from: number;
  skip: number;
  heard: string[];
  changedAt: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  resolve: (heard: Heard) => void;
}

/**
 * Follows the actor's words with the browser's speech recognition. One recogniser runs for the
 * whole run (started again when the browser ends it), so no line waits for it to start; each
 * line reads the results that came after the line began.
 */
export class RecognitionCue implements VoiceCue {
  readonly kind = 'recognition' as const;
  onFailure: VoiceCue['onFailure'] = null;
  private recognition: RecognitionLike | null = null;
  private running = false;
  private transcripts: string[] = [];
  private finals = 0;
  private waiting: Waiting | null = null;

  constructor(
    private readonly Recognition: RecognitionConstructor,
    private readonly lang = typeof navigator === 'undefined' ? 'en-US' : navigator.language,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    const r = new this.Recognition();
    r.continuous = true;
    r.interimResults = true;
    r.maxAlternatives = 1;
    r.lang = this.lang;
    this.recognition = r;
    this.running = true;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      const timeout = setTimeout(() => {
        if (started) return;
        this.stop();
        reject(new CueError('failed', 'speech recognition did not start'));
      }, START_TIMEOUT_MS);
      r.onstart = () => {
        started = true;
        clearTimeout(timeout);
        resolve();
      };
      r.onresult = (e) => this.onResult(e);
      r.onerror = (e) => {
        if (!FATAL.has(e.error)) return;
        const error = new CueError(e.error === 'network' ? 'network' : 'denied', e.error);
        this.stop();
        if (!started) {
          clearTimeout(timeout);
          reject(error);
        } else this.onFailure?.(error);
      };
      // The browser ends a session after a while of silence: start it again while the run lasts.
      r.onend = () => {
        if (!this.running) return;
        this.transcripts = [];
        this.finals = 0;
        if (this.waiting) {
          this.waiting.from = 0;
          this.waiting.skip = 0;
        }
        try {
          r.start();
        } catch {
          // Already starting.
        }
      };
      try {
        r.start();
      } catch (e) {
        clearTimeout(timeout);
        this.stop();
        reject(new CueError('failed', (e as Error).message));
      }
    });
  }

  private onResult(e: RecognitionResultEvent) {
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i]!;
      this.transcripts[i] = result[0]?.transcript ?? '';
      if (result.isFinal) this.finals = Math.max(this.finals, i + 1);
    }
    const w = this.waiting;
    if (!w) return;
    const heard = this.wordsFor(w);
    if (heard.join(' ') !== w.heard.join(' ')) {
      w.heard = heard;
      w.changedAt = this.now();
    }
    this.judge();
  }

  private wordsFor(w: Waiting): string[] {
    const words: string[] = [];
    for (let i = w.from; i < this.transcripts.length; i++) {
      const said = normWords(this.transcripts[i] ?? '');
      words.push(...(i === w.from ? said.slice(w.skip) : said));
    }
    return words;
  }

  private judge() {
    const w = this.waiting;
    if (!w) return;
    if (w.timer) clearTimeout(w.timer);
    w.timer = null;
    const verdict = recognitionVerdict({
      expected: w.expected,
      heard: w.heard,
      beats: w.line.beats,
      speed: w.speed,
      quietMs: this.now() - w.changedAt,
    });
    if (verdict.go) {
      this.waiting = null;
      w.resolve(this.heardOf(w));
    } else if (verdict.recheckInMs !== null) {
      w.timer = setTimeout(() => this.judge(), Math.max(10, verdict.recheckInMs));
    }
  }

  private heardOf(w: Waiting): Heard {
    return { words: w.heard.join(' '), speechMs: Math.max(0, w.changedAt - w.startedAt) };
  }

  listen(line: LineToHear, speed: number): Listening {
    this.cancelWaiting();
    // A result still open when the line begins (the partner's last words, or silence) belongs
    // to before it: its words so far are skipped.
    const from = this.finals;
    const skip = normWords(this.transcripts[from] ?? '').length;
    let resolve!: (heard: Heard) => void;
    const done = new Promise<Heard>((r) => (resolve = r));
    const t = this.now();
    const w: Waiting = {
      expected: normWords(line.text),
      line,
      speed,
      from,
      skip,
      heard: [],
      changedAt: t,
      startedAt: t,
      timer: null,
      resolve,
    };
    this.waiting = w;
    return {
      done,
      cancel: () => {
        if (this.waiting === w) this.cancelWaiting();
        return this.heardOf(w);
      },
    };
  }

  private cancelWaiting() {
    if (this.waiting?.timer) clearTimeout(this.waiting.timer);
    this.waiting = null;
  }

  level(): number {
    return this.waiting && this.now() - this.waiting.changedAt < 300 ? 1 : 0;
  }

  stop(): void {
    this.running = false;
    this.cancelWaiting();
    const r = this.recognition;
    this.recognition = null;
    if (!r) return;
    r.onend = null;
    r.onresult = null;
    r.onerror = null;
    try {
      r.abort();
    } catch {
      // Not started.
    }
  }
}
