import { cuePauseMs, PREFETCH_AHEAD } from '@doublecast/common/rehearsal';
import type { ScriptLine } from '@doublecast/common/scripts';
import { MIC_UNAVAILABLE, type Listening } from '../cues/voice-cue';
import type { ListeningCue } from '../cues/listening-cue';
import { climb, isRight } from './ladder';
import { beatPlanFor, type BeatPlan } from './partner-beats';
import {
  firstLine,
  lineAfter,
  PLAY_BLOCKED,
  PLAY_FAILED,
  type RehearsalAction,
  type RehearsalState,
} from './run-state';
import { checkLine } from './words';

/** A partner line's audio, fetched ahead: its object URL and its bytes (for the beats). */
export interface Clip {
  url: string;
  blob: Blob;
}

export interface RunEngineOptions {
  lines: readonly ScriptLine[];
  role: string;
  /** The audio element partner lines play in (one for the run, so playback stays unlocked). */
  audio: HTMLAudioElement;
  /** Fetches a partner line's audio; rejects with an error whose message is shown. */
  fetchClip(line: ScriptLine): Promise<Clip>;
  /** The listening cue (recognition, else the detector) for the voice cue mode. */
  listening: Pick<ListeningCue, 'ensure'>;
  getState(): RehearsalState;
  dispatch(action: RehearsalAction): void;
  /** Turns an error into the one line shown to the actor. */
  messageOf(error: unknown, fallback: string): string;
}

/**
 * The scene partner's engine, with no page in it (the practice page drives it; issue 34's
 * self-tapes reuse it): partner lines play in their voices with their written beats as silence;
 * at the actor's lines it waits for a tap, a pause sized to the line, or the listening cue, then
 * the response delay. Lines ahead are fetched while one plays (docs/glossary.md#P7). Each of the
 * actor's lines heard by recognition is checked word by word; the ladder moves on each answer.
 * State lives in the caller's reducer; the engine reads it through getState and changes it only
 * by dispatching.
 */
export class RunEngine {
  private readonly clips = new Map<string, Promise<Clip>>();
  private readonly plans = new Map<string, Promise<BeatPlan>>();
  private readonly urls: string[] = [];
  /** Bumped by every halt: callbacks of an older step see another token and stop. */
  private token = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listening: Listening | null = null;
  private destroyed = false;

  constructor(private readonly o: RunEngineOptions) {}

  private get state() {
    return this.o.getState();
  }

  private clip(line: ScriptLine): Promise<Clip> {
    let clip = this.clips.get(line.id);
    if (!clip) {
      clip = this.o.fetchClip(line).then((c) => {
        this.urls.push(c.url);
        return c;
      });
      clip.catch(() => this.clips.delete(line.id));
      this.clips.set(line.id, clip);
    }
    return clip;
  }

  private plan(line: ScriptLine, clip: Clip): Promise<BeatPlan> {
    let plan = this.plans.get(line.id);
    if (!plan) {
      plan = beatPlanFor(clip.blob, line.text, line.beats);
      this.plans.set(line.id, plan);
    }
    return plan;
  }

  /**
   * Drops a line's fetched audio (every line's without an id): its note, kept take or the
   * script's pronunciations changed, so its next play fetches the new read.
   */
  forget(lineId?: string) {
    if (lineId === undefined) {
      this.clips.clear();
      this.plans.clear();
      return;
    }
    this.clips.delete(lineId);
    this.plans.delete(lineId);
  }

  /** Fetches the next partner lines (and plans their beats) from line `from` on. */
  prefetch(from: number) {
    let ahead = 0;
    const { lines, role } = this.o;
    for (let i = from; i < lines.length && ahead < PREFETCH_AHEAD; i++) {
      const line = lines[i]!;
      if (line.character === role) continue;
      void this.clip(line)
        .then((c) => this.plan(line, c))
        .catch(() => undefined);
      ahead++;
    }
  }

  private halt() {
    this.token++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.listening?.cancel();
    this.listening = null;
    const a = this.o.audio;
    a.onended = null;
    a.onplaying = null;
    a.pause();
  }

  private later(ms: number, my: number, then: () => void) {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (my === this.token) then();
    }, ms);
  }

  /** Starts (or jumps) to line `i`; a new run when `fresh`. */
  async playFrom(i: number, fresh = false): Promise<void> {
    this.halt();
    if (this.destroyed) return;
    const my = this.token;
    const { lines, role, dispatch } = this.o;
    if (fresh || this.state.run.startedAt === null) {
      dispatch({ type: 'start-run', at: Date.now() });
      // The listening cue opens while the partner's first line plays, not at the actor's first.
      if (this.state.cueMode === 'voice') void this.o.listening.ensure();
    }
    if (!Number.isFinite(i) || i >= lines.length) {
      dispatch({ type: 'finish' });
      return;
    }
    this.prefetch(i);
    const line = lines[i]!;
    if (line.character === role) return this.waitForActor(i, my);
    dispatch({ type: 'speak', index: i });
    let clip: Clip;
    let plan: BeatPlan;
    try {
      clip = await this.clip(line);
      plan = await this.plan(line, clip);
    } catch (e) {
      if (my === this.token) dispatch({ type: 'fail', error: this.o.messageOf(e, PLAY_FAILED) });
      return;
    }
    if (my !== this.token) return;
    const next = () => void this.playFrom(lineAfter(this.state, i));
    const speed = this.state.speed;
    const afterBeats = () =>
      plan.after > 0 ? this.silence((plan.after * 1000) / speed, my, next) : next();
    const start = () => this.playClip(clip, plan, my, afterBeats);
    if (plan.before > 0) this.silence((plan.before * 1000) / speed, my, start);
    else await start();
  }

  /** A written beat: silence of `ms`, shown as such, then `then`. */
  private silence(ms: number, my: number, then: () => void) {
    this.o.dispatch({ type: 'beat', ms });
    this.later(ms, my, () => {
      this.o.dispatch({ type: 'beat', ms: null });
      then();
    });
  }

  private async playClip(clip: Clip, plan: BeatPlan, my: number, onEnd: () => void) {
    const a = this.o.audio;
    a.src = clip.url;
    a.playbackRate = this.state.speed;
    a.preservesPitch = true;
    a.onended = () => my === this.token && onEnd();
    const pauses = [...plan.inside];
    // Pauses the clip where each beat falls, for the beat's length at the current speed.
    const watch = () => {
      const next = pauses[0];
      if (!next || my !== this.token) return;
      const left = (next.at - a.currentTime) / a.playbackRate;
      if (left > 0.02) {
        this.later(Math.max(10, left * 1000 - 15), my, watch);
        return;
      }
      pauses.shift();
      a.pause();
      this.silence((next.seconds * 1000) / this.state.speed, my, () => {
        a.play().catch(() => this.o.dispatch({ type: 'warn', error: PLAY_FAILED }));
      });
    };
    a.onplaying = () => {
      if (my === this.token && this.timer === null) watch();
    };
    try {
      await a.play();
    } catch (e) {
      if (my !== this.token) return;
      const blocked = (e as Error).name === 'NotAllowedError';
      this.o.dispatch({ type: 'fail', error: blocked ? PLAY_BLOCKED : PLAY_FAILED });
    }
  }

  private async waitForActor(i: number, my: number) {
    const { lines, dispatch } = this.o;
    const line = lines[i]!;
    const { cueMode, speed } = this.state;
    const timed = cueMode === 'timed' ? cuePauseMs(line.text) / speed : null;
    dispatch({ type: 'wait', index: i, waitMs: timed });
    if (timed !== null) {
      this.later(timed, my, () => this.actorDone(i, my, null));
      return;
    }
    if (cueMode !== 'voice') return;
    const cue = await this.o.listening.ensure();
    if (my !== this.token) return;
    if (!cue) {
      dispatch({ type: 'warn', error: MIC_UNAVAILABLE });
      return;
    }
    const listening = cue.listen(line, speed);
    this.listening = listening;
    const heard = await listening.done;
    if (my !== this.token || this.listening !== listening) return;
    this.listening = null;
    this.actorDone(i, my, heard.words);
  }

  /** The listening cue gave way mid-line (recognition failed): listen again with the next one. */
  relisten() {
    const s = this.state;
    if (s.status !== 'waiting' || s.cueMode !== 'voice') return;
    const my = ++this.token;
    this.listening?.cancel();
    this.listening = null;
    void this.waitForActor(s.index, my);
  }

  /** The actor's line is over: check it, move the ladder, wait the response delay, go on. */
  private actorDone(i: number, my: number, words: string | null) {
    const { lines, dispatch } = this.o;
    const line = lines[i]!;
    const state = this.state;
    const check = words === null ? null : checkLine(line.text, words);
    dispatch({ type: 'checked', lineId: line.id, check });
    if (state.display === 'ladder' && (check || state.run.prompted.has(line.id))) {
      const right = isRight({
        accuracy: check?.accuracy ?? null,
        prompted: state.run.prompted.has(line.id),
      });
      dispatch({ type: 'set-ladder', ladder: climb(state.ladder, line.id, right) });
    }
    const next = () => void this.playFrom(lineAfter(this.state, i));
    const delay = state.cueMode === 'voice' ? state.delay * 1000 : 0;
    if (delay > 0) this.later(delay, my, next);
    else next();
  }

  /** A tap (Continue, Space, a headset's button) at the actor's line. */
  advance() {
    const s = this.state;
    if (s.status !== 'waiting') return;
    const heard = this.listening?.cancel() ?? null;
    this.listening = null;
    const my = ++this.token;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.actorDone(s.index, my, heard?.words || null);
  }

  pause() {
    this.halt();
    this.o.dispatch({ type: 'pause' });
  }

  resume() {
    const s = this.state;
    const a = this.o.audio;
    const line = this.o.lines[s.index];
    if (line && line.character !== this.o.role && a.src && !a.ended && a.currentTime > 0) {
      const my = ++this.token;
      this.o.dispatch({ type: 'resume' });
      a.playbackRate = s.speed;
      a.onended = () => my === this.token && void this.playFrom(lineAfter(this.state, s.index));
      a.play().catch(() => this.o.dispatch({ type: 'warn', error: PLAY_FAILED }));
    } else void this.playFrom(s.index);
  }

  restart() {
    void this.playFrom(firstLine(this.state), true);
  }

  setSpeed(speed: number) {
    this.o.audio.playbackRate = speed;
  }

  destroy() {
    this.destroyed = true;
    this.halt();
    this.urls.forEach((u) => URL.revokeObjectURL(u));
  }
}
