import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  cuePauseMs,
  PREFETCH_AHEAD,
  rehearsalLines,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import type { Script, ScriptLine } from '@doublecast/common/scripts';
import { userMessage } from '../../../lib/user-message';
import { getLineAudio } from '../api/get-line-audio';
import {
  firstLine,
  initialRehearsalState,
  lineAfter,
  MIC_UNAVAILABLE,
  PLAY_BLOCKED,
  PLAY_FAILED,
  rehearsalReducer,
} from './rehearsal-state';
import { useVoiceCue } from './use-voice-cue';

/**
 * The scene partner's engine: partners' lines play in their voices; at the actor's lines the run
 * waits (tap/Space, a pause sized to the line, or the microphone hearing them finish). Lines
 * ahead are fetched while the current one plays (docs/glossary.md#P7); speed is the audio's playbackRate. The state
 * lives in rehearsalReducer; this hook owns the audio element, the timers and the microphone.
 */
export function useRehearsal(script: Script, input: RehearsalPlanInput) {
  const lines = useMemo(() => rehearsalLines(script.analysis?.lines ?? []), [script]);
  const role = input.role;
  const [state, dispatch] = useReducer(rehearsalReducer, lines.length, initialRehearsalState);

  const audio = useRef<HTMLAudioElement | null>(null);
  const cache = useRef(new Map<string, Promise<string>>());
  const urls = useRef<string[]>([]);
  const token = useRef(0);
  const timer = useRef<number | null>(null);
  const current = useRef<HTMLLIElement | null>(null);
  // Callbacks that outlive a render (audio ends, timers, the microphone) read the newest state.
  const latest = useRef(state);
  latest.current = state;
  const voice = useVoiceCue();
  const { start: startMic, stop: stopMic, waitForLine, cancelWait } = voice;

  const audioFor = useCallback(
    (line: ScriptLine) => {
      let url = cache.current.get(line.id);
      if (!url) {
        url = getLineAudio({
          scriptId: script.id,
          lineId: line.id,
          voiceId: input.voices[line.character!]!,
        }).then((blob) => {
          const u = URL.createObjectURL(blob);
          urls.current.push(u);
          return u;
        });
        url.catch(() => cache.current.delete(line.id));
        cache.current.set(line.id, url);
      }
      return url;
    },
    [input.voices, script.id],
  );

  const prefetch = useCallback(
    (from: number) => {
      let ahead = 0;
      for (let i = from; i < lines.length && ahead < PREFETCH_AHEAD; i++) {
        const line = lines[i]!;
        if (line.character === role) continue;
        void audioFor(line).catch(() => undefined);
        ahead++;
      }
    },
    [audioFor, lines, role],
  );

  const halt = useCallback(() => {
    token.current++;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    cancelWait();
    const a = audio.current;
    if (a) {
      a.onended = null;
      a.pause();
    }
  }, [cancelWait]);

  const playFrom = useCallback(
    async (i: number) => {
      halt();
      const my = token.current;
      if (i >= lines.length) {
        dispatch({ type: 'finish' });
        return;
      }
      prefetch(i);
      const line = lines[i]!;
      const next = () => void playFrom(lineAfter(latest.current, i));
      if (line.character === role) {
        const { cueMode, speed } = latest.current;
        const ms = cueMode === 'timed' ? cuePauseMs(line.text) / speed : null;
        dispatch({ type: 'wait', index: i, waitMs: ms });
        if (ms !== null) {
          timer.current = window.setTimeout(() => my === token.current && next(), ms);
        } else if (cueMode === 'voice') {
          if (await startMic()) {
            if (my === token.current) waitForLine(() => my === token.current && next());
          } else if (my === token.current) dispatch({ type: 'warn', error: MIC_UNAVAILABLE });
        }
        return;
      }
      dispatch({ type: 'speak', index: i });
      let url: string;
      try {
        url = await audioFor(line);
      } catch (e) {
        if (my === token.current) dispatch({ type: 'fail', error: userMessage(e, PLAY_FAILED) });
        return;
      }
      const a = audio.current;
      if (my !== token.current || !a) return;
      a.src = url;
      a.playbackRate = latest.current.speed;
      a.preservesPitch = true;
      a.onended = () => my === token.current && next();
      try {
        await a.play();
      } catch (e) {
        if (my !== token.current) return;
        const blocked = (e as Error).name === 'NotAllowedError';
        dispatch({ type: 'fail', error: blocked ? PLAY_BLOCKED : PLAY_FAILED });
      }
    },
    [audioFor, halt, lines, prefetch, role, startMic, waitForLine],
  );

  const advance = useCallback(() => {
    const s = latest.current;
    if (s.status === 'waiting') void playFrom(lineAfter(s, s.index));
  }, [playFrom]);

  const pause = () => {
    halt();
    dispatch({ type: 'pause' });
  };

  const resume = () => {
    const a = audio.current;
    const { index, speed } = state;
    const line = lines[index];
    if (a && line && line.character !== role && a.src && !a.ended && a.currentTime > 0) {
      const my = ++token.current;
      dispatch({ type: 'resume' });
      a.playbackRate = speed;
      a.onended = () => my === token.current && void playFrom(lineAfter(latest.current, index));
      a.play().catch(() => dispatch({ type: 'warn', error: PLAY_FAILED }));
    } else void playFrom(index);
  };

  const restart = () => void playFrom(firstLine(state));

  const measure = (seconds: number) => {
    const line = lines[state.index];
    if (line && Number.isFinite(seconds)) dispatch({ type: 'measured', lineId: line.id, seconds });
  };

  // The actor's cue: Space anywhere except on a control that Space already presses.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.repeat) return;
      const el = e.target instanceof Element ? e.target : null;
      if (el?.closest('button, input, select, textarea, a, summary, [contenteditable="true"]'))
        return;
      if (latest.current.status === 'waiting') {
        e.preventDefault();
        advance();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [advance]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = state.speed;
  }, [state.speed]);

  useEffect(() => {
    current.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [state.index]);

  useEffect(() => {
    prefetch(0);
    const made = urls.current;
    const el = audio.current;
    // The run token is a counter, not a node: bumping it in cleanup cancels late fetches.
    const runToken = token;
    return () => {
      runToken.current++;
      el?.pause();
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [prefetch]);

  useEffect(() => {
    // The microphone is on only while it can be needed: voice cues, and a scene still running.
    if (state.cueMode !== 'voice' || state.status === 'done') stopMic();
  }, [state.cueMode, state.status, stopMic]);

  return {
    lines,
    role,
    state,
    dispatch,
    microphone: { level: voice.level, state: voice.state },
    audioRef: audio,
    currentLineRef: current,
    playFrom,
    advance,
    pause,
    resume,
    restart,
    measure,
  };
}
