import { firstLetters, type CueMode, type LineDisplay } from '@doublecast/common/rehearsal';
import type { ScriptLine } from '@doublecast/common/scripts';

export type RunStatus = 'ready' | 'playing' | 'waiting' | 'paused' | 'done';

export const PLAY_FAILED = 'Failed to play audio. Please try again.';
export const PLAY_BLOCKED =
  "Audio playback was not allowed by the browser. Please interact with the page (e.g., click) and try again, or check your browser's autoplay settings.";
export const MIC_UNAVAILABLE =
  'The microphone is not available. Tap Continue or press Space instead.';

/** What the scene partner shows and does: the run's position and the actor's choices. */
export interface RehearsalState {
  index: number;
  status: RunStatus;
  error: string | null;
  speed: number;
  cueMode: CueMode;
  display: LineDisplay;
  /** Ids of the actor's lines shown in full after "Line?". */
  revealed: ReadonlySet<string>;
  loopOn: boolean;
  loopFrom: number;
  loopTo: number;
  /** Seconds of audio per line id, as the audio element measured them. */
  durations: Readonly<Record<string, number>>;
  /** The timed cue's pause in milliseconds while it runs, else null. */
  waitMs: number | null;
}

export type RehearsalAction =
  | { type: 'speak'; index: number }
  | { type: 'wait'; index: number; waitMs: number | null }
  | { type: 'finish' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'fail'; error: string }
  | { type: 'warn'; error: string }
  | { type: 'set-speed'; speed: number }
  | { type: 'set-cue-mode'; cueMode: CueMode }
  | { type: 'set-display'; display: LineDisplay }
  | { type: 'set-loop'; loopOn: boolean }
  | { type: 'set-loop-from'; line: number }
  | { type: 'set-loop-to'; line: number }
  | { type: 'reveal'; lineId: string }
  | { type: 'measured'; lineId: string; seconds: number };

export function initialRehearsalState(lineCount: number): RehearsalState {
  return {
    index: 0,
    status: 'ready',
    error: null,
    speed: 1,
    cueMode: 'tap',
    display: 'shown',
    revealed: new Set(),
    loopOn: false,
    loopFrom: 0,
    loopTo: Math.max(0, lineCount - 1),
    durations: {},
    waitMs: null,
  };
}

export function rehearsalReducer(state: RehearsalState, action: RehearsalAction): RehearsalState {
  switch (action.type) {
    case 'speak':
      return { ...state, index: action.index, status: 'playing', error: null, waitMs: null };
    case 'wait':
      return {
        ...state,
        index: action.index,
        status: 'waiting',
        error: null,
        waitMs: action.waitMs,
      };
    case 'finish':
      return { ...state, status: 'done', error: null, waitMs: null };
    case 'pause':
      return { ...state, status: 'paused', waitMs: null };
    case 'resume':
      return { ...state, status: 'playing' };
    case 'fail':
      return { ...state, status: 'paused', error: action.error };
    case 'warn':
      return { ...state, error: action.error };
    case 'set-speed':
      return { ...state, speed: action.speed };
    case 'set-cue-mode':
      return { ...state, cueMode: action.cueMode };
    case 'set-display':
      return { ...state, display: action.display };
    case 'set-loop':
      return { ...state, loopOn: action.loopOn };
    case 'set-loop-from':
      return { ...state, loopFrom: action.line };
    case 'set-loop-to':
      return { ...state, loopTo: action.line };
    case 'reveal':
      return { ...state, revealed: new Set(state.revealed).add(action.lineId) };
    case 'measured':
      return { ...state, durations: { ...state.durations, [action.lineId]: action.seconds } };
  }
}

/** The line after line `i`: back to the loop's start at its end, else the next one. */
export function lineAfter(state: RehearsalState, i: number): number {
  return state.loopOn && i === state.loopTo ? state.loopFrom : i + 1;
}

/** Where "Play scene", "Run again" and "Restart" begin: the loop's start or line 1. */
export function firstLine(state: RehearsalState): number {
  return state.loopOn ? state.loopFrom : 0;
}

/** The text of a line as the actor's display choice shows it; null when hidden. */
export function shownText(
  line: ScriptLine,
  role: string,
  state: Pick<RehearsalState, 'display' | 'revealed'>,
): string | null {
  if (line.character !== role || state.display === 'shown' || state.revealed.has(line.id))
    return line.text;
  return state.display === 'initials' ? firstLetters(line.text) : null;
}

/** Whether "Line?" is offered: the actor's own line, shown in part, not yet revealed. */
export function canRevealLine(
  state: RehearsalState,
  lines: readonly ScriptLine[],
  role: string,
): boolean {
  const line = lines[state.index];
  return (
    !!line && line.character === role && state.display !== 'shown' && !state.revealed.has(line.id)
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
      return `${lines[state.index]?.character} is speaking (line ${state.index + 1} of ${lines.length})`;
    case 'waiting':
      return state.cueMode === 'tap'
        ? 'Your line. Tap Continue or press Space when you are done.'
        : state.cueMode === 'timed'
          ? 'Your line. The scene goes on after the pause.'
          : 'Your line. The scene goes on when you stop speaking.';
    case 'paused':
      return 'Paused';
    case 'done':
      return 'End of scene';
  }
}
