import { firstLetters, type CueMode, type LineDisplay } from '@doublecast/common/rehearsal';
import type { ScriptLine } from '@doublecast/common/scripts';
import { displayOnLadder, type Ladder } from './ladder';
import type { LineCheck } from './words';

export type RunStatus = 'ready' | 'playing' | 'waiting' | 'paused' | 'done';
/** How the actor's lines show: the fixed modes, or each line where it stands on the ladder. */
export type RunDisplay = LineDisplay | 'ladder';
/** What hears the actor with the voice cue, once it has started. */
export type Listener = 'off' | 'starting' | 'recognition' | 'detector';

export const PLAY_FAILED = 'Failed to play audio. Please try again.';
export const PLAY_BLOCKED =
  "Audio playback was not allowed by the browser. Please interact with the page (e.g., click) and try again, or check your browser's autoplay settings.";

/** What the scene partner shows and does: the run's position and the actor's choices. */
export interface RehearsalState {
  index: number;
  status: RunStatus;
  error: string | null;
  /** A one-line note that does not stop the run (a cue that gave way to another). */
  notice: string | null;
  speed: number;
  cueMode: CueMode;
  display: RunDisplay;
  /** Seconds the partner waits after the actor's line before answering (voice cue). */
  delay: number;
  /** Ids of the actor's lines shown in full after "Line?". */
  revealed: ReadonlySet<string>;
  loopOn: boolean;
  loopFrom: number;
  loopTo: number;
  /** Line indexes a run plays instead of the whole scene (the trouble spots), in order. */
  sequence: readonly number[] | null;
  /** Seconds of audio per line id, as the audio element measured them. */
  durations: Readonly<Record<string, number>>;
  /** The timed cue's pause in milliseconds while it runs, else null. */
  waitMs: number | null;
  /** A written beat's silence in a partner's line while it lasts (ms), else null. */
  beatMs: number | null;
  listener: Listener;
  ladder: Ladder;
  /** This run: when it started, the actor's lines it reached, asked for, and checked. */
  run: {
    startedAt: number | null;
    reached: readonly string[];
    prompted: ReadonlySet<string>;
    checks: Readonly<Record<string, LineCheck>>;
    /** The actor's line checked last, whose check shows under the scene. */
    lastChecked: string | null;
  };
}

export type RehearsalAction =
  | { type: 'start-run'; at: number }
  | { type: 'speak'; index: number }
  | { type: 'beat'; ms: number | null }
  | { type: 'wait'; index: number; waitMs: number | null }
  | { type: 'finish' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'fail'; error: string }
  | { type: 'warn'; error: string }
  | { type: 'notice'; notice: string | null }
  | { type: 'listener'; listener: Listener }
  | { type: 'set-speed'; speed: number }
  | { type: 'set-cue-mode'; cueMode: CueMode }
  | { type: 'set-display'; display: RunDisplay }
  | { type: 'set-delay'; delay: number }
  | { type: 'set-loop'; loopOn: boolean }
  | { type: 'set-loop-from'; line: number }
  | { type: 'set-loop-to'; line: number }
  | { type: 'set-sequence'; sequence: readonly number[] | null }
  | { type: 'set-ladder'; ladder: Ladder }
  | { type: 'reveal'; lineId: string }
  | { type: 'checked'; lineId: string; check: LineCheck | null }
  | { type: 'measured'; lineId: string; seconds: number };

export type RunChoices = Pick<RehearsalState, 'speed' | 'cueMode' | 'display' | 'delay'>;

export function initialRehearsalState(
  lineCount: number,
  choices: Partial<RunChoices> & { ladder?: Ladder } = {},
): RehearsalState {
  return {
    index: 0,
    status: 'ready',
    error: null,
    notice: null,
    speed: 1,
    cueMode: 'tap',
    display: 'shown',
    delay: 0,
    revealed: new Set(),
    loopOn: false,
    loopFrom: 0,
    loopTo: Math.max(0, lineCount - 1),
    sequence: null,
    durations: {},
    waitMs: null,
    beatMs: null,
    listener: 'off',
    ladder: {},
    run: { startedAt: null, reached: [], prompted: new Set(), checks: {}, lastChecked: null },
    ...choices,
  };
}

export function rehearsalReducer(state: RehearsalState, action: RehearsalAction): RehearsalState {
  switch (action.type) {
    case 'start-run':
      return {
        ...state,
        run: {
          startedAt: action.at,
          reached: [],
          prompted: new Set(),
          checks: {},
          lastChecked: null,
        },
      };
    case 'speak':
      return {
        ...state,
        index: action.index,
        status: 'playing',
        error: null,
        waitMs: null,
        beatMs: null,
      };
    case 'beat':
      return { ...state, beatMs: action.ms };
    case 'wait':
      return {
        ...state,
        index: action.index,
        status: 'waiting',
        error: null,
        waitMs: action.waitMs,
        beatMs: null,
      };
    case 'finish':
      return { ...state, status: 'done', error: null, waitMs: null, beatMs: null };
    case 'pause':
      return { ...state, status: 'paused', waitMs: null, beatMs: null };
    case 'resume':
      return { ...state, status: 'playing' };
    case 'fail':
      return { ...state, status: 'paused', error: action.error };
    case 'warn':
      return { ...state, error: action.error };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'listener':
      return { ...state, listener: action.listener };
    case 'set-speed':
      return { ...state, speed: action.speed };
    case 'set-cue-mode':
      return { ...state, cueMode: action.cueMode, notice: null };
    case 'set-display':
      return { ...state, display: action.display };
    case 'set-delay':
      return { ...state, delay: action.delay };
    case 'set-loop':
      return { ...state, loopOn: action.loopOn, sequence: null };
    case 'set-loop-from':
      return { ...state, loopFrom: action.line };
    case 'set-loop-to':
      return { ...state, loopTo: action.line };
    case 'set-sequence':
      return { ...state, sequence: action.sequence, loopOn: false };
    case 'set-ladder':
      return { ...state, ladder: action.ladder };
    case 'reveal':
      return {
        ...state,
        revealed: new Set(state.revealed).add(action.lineId),
        run: { ...state.run, prompted: new Set(state.run.prompted).add(action.lineId) },
      };
    case 'checked': {
      const reached = state.run.reached.includes(action.lineId)
        ? state.run.reached
        : [...state.run.reached, action.lineId];
      const checks = action.check
        ? { ...state.run.checks, [action.lineId]: action.check }
        : state.run.checks;
      return {
        ...state,
        run: {
          ...state.run,
          reached,
          checks,
          lastChecked: action.check ? action.lineId : state.run.lastChecked,
        },
      };
    }
    case 'measured':
      return { ...state, durations: { ...state.durations, [action.lineId]: action.seconds } };
  }
}

/** The line after line `i`: the next in the sequence, back to the loop's start, or the next. */
export function lineAfter(state: RehearsalState, i: number): number {
  if (state.sequence) {
    const at = state.sequence.indexOf(i);
    return at >= 0 && at + 1 < state.sequence.length ? state.sequence[at + 1]! : Infinity;
  }
  return state.loopOn && i === state.loopTo ? state.loopFrom : i + 1;
}

/** Where "Play scene", "Run again" and "Restart" begin: the sequence's, the loop's or line 1. */
export function firstLine(state: RehearsalState): number {
  if (state.sequence?.length) return state.sequence[0]!;
  return state.loopOn ? state.loopFrom : 0;
}

/** How one of the actor's lines shows now: the fixed choice, or its place on the ladder. */
export function displayOf(
  state: Pick<RehearsalState, 'display' | 'ladder'>,
  lineId: string,
): LineDisplay {
  return state.display === 'ladder' ? displayOnLadder(state.ladder, lineId) : state.display;
}

/** The text of a line as the actor's display choice shows it; null when hidden. */
export function shownText(
  line: ScriptLine,
  role: string,
  state: Pick<RehearsalState, 'display' | 'revealed' | 'ladder'>,
): string | null {
  const display = displayOf(state, line.id);
  if (line.character !== role || display === 'shown' || state.revealed.has(line.id))
    return line.text;
  return display === 'initials' ? firstLetters(line.text) : null;
}

/** Whether "Line?" is offered: the actor's own line, shown in part, not yet revealed. */
export function canRevealLine(
  state: RehearsalState,
  lines: readonly ScriptLine[],
  role: string,
): boolean {
  const line = lines[state.index];
  return (
    !!line &&
    line.character === role &&
    displayOf(state, line.id) !== 'shown' &&
    !state.revealed.has(line.id)
  );
}

/** The run's status line, read out politely to screen readers. */
export function statusText(
  state: RehearsalState,
  lines: readonly ScriptLine[],
  role: string,
): string {
  switch (state.status) {
    case 'ready':
      return `Ready: ${lines.length} lines. You play ${role}.`;
    case 'playing':
      return state.beatMs !== null
        ? `${lines[state.index]?.character} takes a beat (line ${state.index + 1} of ${lines.length})`
        : `${lines[state.index]?.character} is speaking (line ${state.index + 1} of ${lines.length})`;
    case 'waiting':
      if (state.cueMode === 'tap')
        return 'Your line. Tap Continue or press Space when you are done.';
      if (state.cueMode === 'timed') return 'Your line. The scene goes on after the pause.';
      return state.listener === 'recognition'
        ? 'Your line. The partner answers when you have said it.'
        : 'Your line. The scene goes on when you stop speaking.';
    case 'paused':
      return 'Paused';
    case 'done':
      return 'End of scene';
  }
}
