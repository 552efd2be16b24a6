import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  rehearsalLines,
  type RehearsalPlanInput,
  type RunInput,
} from '@doublecast/common/rehearsal';
import type { Script } from '@doublecast/common/scripts';
import { userMessage } from '../../../lib/user-message';
import { getLineAudio } from '../api/get-line-audio';
import { useRecordRun } from '../api/record-run';
import { ListeningCue } from '../cues/listening-cue';
import { RunEngine, type Clip } from '../engine/run-engine';
import { initialRehearsalState, rehearsalReducer, type RehearsalState } from '../engine/run-state';
import { keepScreenOn, useMediaKeys } from '../engine/device';
import {
  readRecognitionAllowed,
  readScriptSettings,
  writeRecognitionAllowed,
  writeScriptSettings,
} from '../settings-store';

/** What a finished run records: each of the actor's lines it reached, checked or prompted. */
export function runRecord(
  state: RehearsalState,
  scriptId: string,
  role: string,
  now: number,
): RunInput | null {
  const { startedAt, reached, checks, prompted } = state.run;
  if (startedAt === null || reached.length === 0) return null;
  return {
    scriptId,
    role,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Math.max(0, Math.round(now - startedAt)),
    lines: reached.map((lineId) => ({
      lineId,
      accuracy: checks[lineId] ? Math.round(checks[lineId].accuracy * 10_000) / 10_000 : null,
      prompted: prompted.has(lineId),
    })),
  };
}

/**
 * The practice page's side of a run: the state (rehearsalReducer), the engine (RunEngine, which
 * owns the audio, the timers and the listening cue), the actor's remembered choices for this
 * script, the keyboard and a headset's buttons, the screen kept on, and the run kept on the
 * server when it ends.
 */
export function useRehearsal(
  script: Script,
  input: RehearsalPlanInput,
  options: {
    /** Each partner line's audio as it is fetched (the self-tape measures its level). */
    onClip?: (clip: Clip) => void;
  } = {},
) {
  const onClip = useRef(options.onClip);
  onClip.current = options.onClip;
  // The engine lives as long as the lines and the cast: a page render with an equal cast, or a
  // refetched script whose lines did not change, must not restart it mid-run.
  const splitLines = script.analysis?.lines;
  const lines = useMemo(() => rehearsalLines(splitLines ?? []), [splitLines]);
  const castKey = JSON.stringify(input.voices);
  const voices = useMemo(() => JSON.parse(castKey) as Record<string, string>, [castKey]);
  const role = input.role;
  const [state, dispatch] = useReducer(rehearsalReducer, lines.length, (n) => {
    const saved = readScriptSettings(script.id);
    return initialRehearsalState(n, {
      ...(saved.speed ? { speed: saved.speed } : {}),
      ...(saved.cueMode ? { cueMode: saved.cueMode } : {}),
      ...(saved.display ? { display: saved.display } : {}),
      ...(saved.delay !== undefined ? { delay: saved.delay } : {}),
      ...(saved.ladder ? { ladder: saved.ladder } : {}),
    });
  });
  const latest = useRef(state);
  latest.current = state;
  const audio = useRef<HTMLAudioElement | null>(null);
  const current = useRef<HTMLLIElement | null>(null);
  const [recognition, setRecognition] = useState(readRecognitionAllowed);
  const record = useRecordRun();

  const engineRef = useRef<RunEngine | null>(null);
  // Each partner line's note and kept take (decision 324): read by every fetch of its audio.
  const [delivery, setDelivery] = useState(() => {
    const saved = readScriptSettings(script.id);
    return { notes: saved.notes ?? {}, takes: saved.takes ?? {} };
  });
  const deliveryRef = useRef(delivery);
  deliveryRef.current = delivery;
  const listeningRef = useRef<ListeningCue | null>(null);

  const makeListening = useCallback(
    (allowed: boolean) =>
      new ListeningCue({
        recognition: allowed,
        onNotice: (notice) => dispatch({ type: 'notice', notice }),
        onListener: (listener) => dispatch({ type: 'listener', listener }),
        onFallback: () => engineRef.current?.relisten(),
      }),
    [],
  );

  // One engine per script and cast; the audio element is the page's.
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const listening = makeListening(readRecognitionAllowed());
    listeningRef.current = listening;
    const engine = new RunEngine({
      lines,
      role,
      audio: el,
      // Through the ref: turning recognition off or on replaces the chain mid-run.
      listening: { ensure: () => listeningRef.current!.ensure() },
      fetchClip: async (line) => {
        const blob = await getLineAudio({
          scriptId: script.id,
          lineId: line.id,
          voiceId: voices[line.character!]!,
          ...lineDelivery(deliveryRef.current, line.id),
        });
        const clip = { blob, url: URL.createObjectURL(blob) };
        onClip.current?.(clip);
        return clip;
      },
      getState: () => latest.current,
      dispatch,
      messageOf: (e, fallback) => userMessage(e, fallback),
    });
    engineRef.current = engine;
    engine.prefetch(0);
    return () => {
      engine.destroy();
      listeningRef.current?.stop();
      engineRef.current = null;
    };
  }, [voices, lines, makeListening, role, script.id]);

  const setRecognitionAllowed = useCallback(
    (allowed: boolean) => {
      writeRecognitionAllowed(allowed);
      setRecognition(allowed);
      // The next line listens with the new choice.
      listeningRef.current?.stop();
      listeningRef.current = makeListening(allowed);
      engineRef.current?.relisten();
    },
    [makeListening],
  );

  const advance = useCallback(() => engineRef.current?.advance(), []);
  const pause = useCallback(() => engineRef.current?.pause(), []);
  const resume = useCallback(() => engineRef.current?.resume(), []);
  const restart = useCallback(() => engineRef.current?.restart(), []);
  const playFrom = useCallback((i: number) => void engineRef.current?.playFrom(i), []);
  const start = useCallback((i: number) => void engineRef.current?.playFrom(i, true), []);

  /** A line's note ('' removes it) and kept take: remembered, and its next play uses them. */
  const direct = useCallback(
    (lineId: string, change: { note?: string; take?: number }) => {
      setDelivery((before) => {
        const notes = { ...before.notes };
        const takes = { ...before.takes };
        if (change.note !== undefined) {
          if (change.note.trim()) notes[lineId] = change.note.trim();
          else delete notes[lineId];
        }
        if (change.take !== undefined) {
          if (change.take > 1) takes[lineId] = change.take;
          else delete takes[lineId];
        }
        const next = { notes, takes };
        writeScriptSettings(script.id, next);
        deliveryRef.current = next;
        return next;
      });
      engineRef.current?.forget(lineId);
    },
    [script.id],
  );
  /** The script's pronunciations changed: every line is fetched again as it is now said. */
  const respelled = useCallback(() => engineRef.current?.forget(), []);

  const measure = (seconds: number) => {
    const line = lines[state.index];
    if (line && Number.isFinite(seconds)) dispatch({ type: 'measured', lineId: line.id, seconds });
  };

  // The actor's cue: Space or Enter anywhere except on a control that the key already presses.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== ' ' && e.key !== 'Enter') || e.repeat) return;
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

  // A headset's play/pause button: the cue at the actor's line, else pause or go on.
  useMediaKeys(script.title, () => {
    const s = latest.current;
    if (s.status === 'waiting') advance();
    else if (s.status === 'playing') pause();
    else if (s.status === 'paused') resume();
  });

  // The screen stays on while the scene runs.
  const running = state.status === 'playing' || state.status === 'waiting';
  useEffect(() => (running ? keepScreenOn() : undefined), [running]);

  useEffect(() => engineRef.current?.setSpeed(state.speed), [state.speed]);

  useEffect(() => {
    current.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [state.index]);

  // The choices are remembered per script.
  useEffect(() => {
    writeScriptSettings(script.id, {
      speed: state.speed,
      cueMode: state.cueMode,
      display: state.display,
      delay: state.delay,
      ladder: state.ladder,
    });
  }, [script.id, state.speed, state.cueMode, state.display, state.delay, state.ladder]);

  // The microphone is open only while it can be needed: the voice cue, a scene still running.
  // Choosing the voice cue loads what listening needs (not the microphone) ahead of the run.
  useEffect(() => {
    if (state.cueMode !== 'voice' || state.status === 'done') listeningRef.current?.stop();
    else listeningRef.current?.prepare();
  }, [state.cueMode, state.status, recognition]);

  // The meter reads the level itself: polling here would render the whole run ten times a second.
  const readLevel = useCallback(() => listeningRef.current?.level() ?? 0, []);

  // A finished run is kept on the server, once.
  const recorded = useRef<number | null>(null);
  const { mutate: keepRun } = record;
  useEffect(() => {
    if (state.status !== 'done' || recorded.current === state.run.startedAt) return;
    const run = runRecord(state, script.id, role, Date.now());
    if (!run) return;
    recorded.current = state.run.startedAt;
    keepRun(run);
  }, [keepRun, role, script.id, state]);

  return {
    lines,
    role,
    state,
    dispatch,
    microphone: { readLevel, listener: state.listener },
    recognition: { allowed: recognition, set: setRecognitionAllowed },
    runSaved: record,
    audioRef: audio,
    currentLineRef: current,
    playFrom,
    start,
    advance,
    pause,
    resume,
    restart,
    measure,
    delivery,
    direct,
    respelled,
  };
}

/** What a line's audio request says of how to read it: its note and kept take, when set. */
export function lineDelivery(
  delivery: { notes: Record<string, string>; takes: Record<string, number> },
  lineId: string,
): { note?: string; take?: number } {
  const note = delivery.notes[lineId];
  const take = delivery.takes[lineId];
  return { ...(note ? { note } : {}), ...(take && take > 1 ? { take } : {}) };
}
