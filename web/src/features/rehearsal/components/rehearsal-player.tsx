import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  cuePauseMs,
  firstLetters,
  PREFETCH_AHEAD,
  REHEARSAL_SPEEDS,
  rehearsalLines,
  type CueMode,
  type LineDisplay,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import type { Script, ScriptLine } from '@doublecast/common/scripts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { getLineAudio } from '../api/get-line-audio';
import { useVoiceCue } from './use-voice-cue';

type Status = 'ready' | 'playing' | 'waiting' | 'paused' | 'done';

const PLAY_FAILED = 'Failed to play audio. Please try again.';
const PLAY_BLOCKED =
  "Audio playback was not allowed by the browser. Please interact with the page (e.g., click) and try again, or check your browser's autoplay settings.";

const CUE_LABELS: Record<CueMode, string> = {
  tap: 'Tap or Space',
  timed: 'Timed pause',
  voice: 'When I stop speaking',
};
const DISPLAY_LABELS: Record<LineDisplay, string> = {
  shown: 'Shown',
  initials: 'First letters',
  hidden: 'Hidden',
};

/**
 * The scene partner: partners' lines play in their voices; at the actor's lines the player
 * waits (tap/Space, a pause sized to the line, or the microphone hearing them finish). Lines
 * ahead are fetched while the current one plays (docs/glossary.md#P7); speed is the audio's playbackRate.
 */
export function RehearsalPlayer({
  script,
  input,
  onExit,
}: {
  script: Script;
  input: RehearsalPlanInput;
  onExit: () => void;
}) {
  const lines = useMemo(() => rehearsalLines(script.analysis?.lines ?? []), [script]);
  const role = input.role;
  const [index, setIndex] = useState(0);
  const [status, setStatus] = useState<Status>('ready');
  const [error, setError] = useState<string | null>(null);
  const [speed, setSpeed] = useState(1);
  const [cueMode, setCueMode] = useState<CueMode>('tap');
  const [display, setDisplay] = useState<LineDisplay>('shown');
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [loopOn, setLoopOn] = useState(false);
  const [loopFrom, setLoopFrom] = useState(0);
  const [loopTo, setLoopTo] = useState(Math.max(0, lines.length - 1));
  const [durations, setDurations] = useState<Record<string, number>>({});
  const [waitMs, setWaitMs] = useState<number | null>(null);

  const audio = useRef<HTMLAudioElement | null>(null);
  const cache = useRef(new Map<string, Promise<string>>());
  const urls = useRef<string[]>([]);
  const token = useRef(0);
  const timer = useRef<number | null>(null);
  const current = useRef<HTMLLIElement | null>(null);
  const settings = useRef({ speed, cueMode, loopOn, loopFrom, loopTo });
  settings.current = { speed, cueMode, loopOn, loopFrom, loopTo };
  const voice = useVoiceCue();
  const { start: startMic, stop: stopMic, waitForLine, cancelWait } = voice;
  const ids = {
    speed: useId(),
    cue: useId(),
    display: useId(),
    loopFrom: useId(),
    loopTo: useId(),
  };

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
    setWaitMs(null);
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
      setError(null);
      if (i >= lines.length) {
        setStatus('done');
        return;
      }
      setIndex(i);
      prefetch(i);
      const line = lines[i]!;
      const next = () => {
        const s = settings.current;
        void playFrom(s.loopOn && i === s.loopTo ? s.loopFrom : i + 1);
      };
      if (line.character === role) {
        setStatus('waiting');
        const mode = settings.current.cueMode;
        if (mode === 'timed') {
          const ms = cuePauseMs(line.text) / settings.current.speed;
          setWaitMs(ms);
          timer.current = window.setTimeout(() => my === token.current && next(), ms);
        } else if (mode === 'voice') {
          if (await startMic()) {
            if (my === token.current) waitForLine(() => my === token.current && next());
          } else if (my === token.current)
            setError('The microphone is not available. Tap Continue or press Space instead.');
        }
        return;
      }
      setStatus('playing');
      let url: string;
      try {
        url = await audioFor(line);
      } catch (e) {
        if (my !== token.current) return;
        setStatus('paused');
        setError(e instanceof ApiError ? e.message : PLAY_FAILED);
        return;
      }
      const a = audio.current;
      if (my !== token.current || !a) return;
      a.src = url;
      a.playbackRate = settings.current.speed;
      a.preservesPitch = true;
      a.onended = () => my === token.current && next();
      try {
        await a.play();
      } catch (e) {
        if (my !== token.current) return;
        setStatus('paused');
        setError((e as Error).name === 'NotAllowedError' ? PLAY_BLOCKED : PLAY_FAILED);
      }
    },
    [audioFor, halt, lines, prefetch, role, startMic, waitForLine],
  );

  const advance = useCallback(() => {
    if (status !== 'waiting') return;
    const s = settings.current;
    void playFrom(s.loopOn && index === s.loopTo ? s.loopFrom : index + 1);
  }, [index, playFrom, status]);

  const pause = () => {
    halt();
    setStatus('paused');
  };

  const resume = () => {
    const a = audio.current;
    const line = lines[index];
    if (a && line && line.character !== role && a.src && !a.ended && a.currentTime > 0) {
      const my = ++token.current;
      setStatus('playing');
      a.playbackRate = speed;
      a.onended = () =>
        my === token.current && void playFrom(loopOn && index === loopTo ? loopFrom : index + 1);
      a.play().catch(() => setError(PLAY_FAILED));
    } else void playFrom(index);
  };

  // The actor's cue: Space anywhere except on a control that Space already presses.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.repeat) return;
      const el = e.target instanceof Element ? e.target : null;
      if (el?.closest('button, input, select, textarea, a, summary, [contenteditable="true"]'))
        return;
      if (status === 'waiting') {
        e.preventDefault();
        advance();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [advance, status]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  useEffect(() => {
    current.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [index]);

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
    if (cueMode !== 'voice' || status === 'done') stopMic();
  }, [cueMode, status, stopMic]);

  const currentLine = lines[index];
  const isMine = currentLine?.character === role;
  const canReveal = isMine && display !== 'shown' && !revealed.has(currentLine.id);
  const statusText =
    status === 'ready'
      ? `Ready: ${lines.length} lines. You play ${role}.`
      : status === 'playing'
        ? `${currentLine?.character} is speaking (line ${index + 1} of ${lines.length})`
        : status === 'waiting'
          ? cueMode === 'tap'
            ? 'Your line. Tap Continue or press Space when you are done.'
            : cueMode === 'timed'
              ? 'Your line. The scene goes on after the pause.'
              : 'Your line. The scene goes on when you stop speaking.'
          : status === 'paused'
            ? 'Paused'
            : 'End of scene';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold text-white">{script.title}</h2>
          <p className="text-sm text-zinc-400">You play {role}</p>
        </div>
        <Button variant="ghost" onClick={onExit}>
          Back to setup
        </Button>
      </div>

      <div className="grid gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.speed} className="mb-1 block text-xs font-medium text-zinc-400">
            Speed
          </label>
          <select
            id={ids.speed}
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm"
          >
            {REHEARSAL_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.cue} className="mb-1 block text-xs font-medium text-zinc-400">
            At my lines, go on
          </label>
          <select
            id={ids.cue}
            value={cueMode}
            onChange={(e) => setCueMode(e.target.value as CueMode)}
            className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm"
          >
            {(Object.keys(CUE_LABELS) as CueMode[]).map((m) => (
              <option key={m} value={m}>
                {CUE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.display} className="mb-1 block text-xs font-medium text-zinc-400">
            My lines
          </label>
          <select
            id={ids.display}
            value={display}
            onChange={(e) => setDisplay(e.target.value as LineDisplay)}
            className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1.5 text-sm"
          >
            {(Object.keys(DISPLAY_LABELS) as LineDisplay[]).map((d) => (
              <option key={d} value={d}>
                {DISPLAY_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              checked={loopOn}
              onChange={(e) => setLoopOn(e.target.checked)}
              className="h-4 w-4 accent-brand-500"
            />
            Loop
          </label>
          <label htmlFor={ids.loopFrom} className="text-sm text-zinc-400">
            <span className="sr-only">Loop </span>from line
          </label>
          <select
            id={ids.loopFrom}
            value={loopFrom}
            onChange={(e) => setLoopFrom(Number(e.target.value))}
            className="rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
          >
            {lines.map((_l, i) => (
              <option key={i} value={i} disabled={i > loopTo}>
                {i + 1}
              </option>
            ))}
          </select>
          <label htmlFor={ids.loopTo} className="text-sm text-zinc-400">
            <span className="sr-only">Loop </span>to<span className="sr-only"> line</span>
          </label>
          <select
            id={ids.loopTo}
            value={loopTo}
            onChange={(e) => setLoopTo(Number(e.target.value))}
            className="rounded-md border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
          >
            {lines.map((_l, i) => (
              <option key={i} value={i} disabled={i < loopFrom}>
                {i + 1}
              </option>
            ))}
          </select>
          {cueMode === 'voice' && (
            <span className="ml-auto flex items-center gap-2 text-xs text-zinc-400">
              Microphone
              <span
                className="h-2 w-24 overflow-hidden rounded-full bg-zinc-800"
                aria-hidden="true"
              >
                <span
                  className="block h-full bg-emerald-400 transition-[width]"
                  style={{ width: `${Math.round(voice.level * 100)}%` }}
                />
              </span>
              {voice.state === 'denied' ? 'blocked' : voice.state === 'on' ? 'listening' : ''}
            </span>
          )}
        </div>
      </div>

      <ol
        aria-label="Scene"
        className="max-h-[55vh] space-y-2 overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-950/60 p-3 sm:p-4"
      >
        {lines.map((line, i) => {
          const mine = line.character === role;
          const active = i === index && status !== 'ready';
          const text =
            !mine || display === 'shown' || revealed.has(line.id)
              ? line.text
              : display === 'initials'
                ? firstLetters(line.text)
                : null;
          return (
            <li
              key={line.id}
              ref={i === index ? current : undefined}
              aria-current={active ? 'step' : undefined}
              data-line-id={line.id}
              data-audio-seconds={durations[line.id]}
            >
              <button
                type="button"
                onClick={() => void playFrom(i)}
                className={`w-full rounded-lg border px-3 py-2.5 text-left transition-colors ${
                  active
                    ? 'border-brand-400 bg-brand-500/15'
                    : mine
                      ? 'border-zinc-800 bg-zinc-900/80 hover:border-zinc-600'
                      : 'border-transparent hover:border-zinc-700'
                }`}
              >
                <span className="flex items-baseline gap-2 text-xs font-semibold tracking-wide">
                  <span className="text-zinc-500 tabular-nums">{i + 1}</span>
                  <span className={mine ? 'text-brand-300' : 'text-zinc-300'}>
                    {line.character}
                    {mine && ' (you)'}
                  </span>
                  {line.direction && (
                    <span className="font-normal text-zinc-500 italic">{line.direction}</span>
                  )}
                </span>
                <span
                  className={`mt-1 block text-base leading-relaxed ${mine ? 'text-white' : 'text-zinc-200'}`}
                >
                  {text ?? <span className="text-zinc-500 italic">Your line (hidden)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>

      <div className="sticky bottom-2 z-10 rounded-2xl border border-zinc-800 bg-zinc-900/95 p-3 shadow-2xl shadow-black/40 backdrop-blur sm:p-4">
        <p role="status" aria-live="polite" className="mb-3 text-sm text-zinc-300">
          {statusText}
        </p>
        {waitMs !== null && status === 'waiting' && (
          <div className="mb-3 h-1 overflow-hidden rounded-full bg-zinc-800" aria-hidden="true">
            <div
              key={`${index}-${waitMs}`}
              className="h-full origin-left bg-brand-400"
              style={{ animation: `dc-pause ${waitMs}ms linear forwards` }}
            />
          </div>
        )}
        {error && (
          <Alert tone="error" className="mb-3">
            {error}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          {status === 'ready' || status === 'done' ? (
            <Button size="lg" onClick={() => void playFrom(loopOn ? loopFrom : 0)}>
              {status === 'done' ? 'Run again' : 'Play scene'}
            </Button>
          ) : status === 'waiting' ? (
            <Button size="lg" onClick={advance} aria-keyshortcuts="Space" className="min-w-40">
              Continue
            </Button>
          ) : status === 'paused' ? (
            <Button size="lg" onClick={resume}>
              Resume
            </Button>
          ) : (
            <Button size="lg" variant="secondary" onClick={pause}>
              Pause
            </Button>
          )}
          {canReveal && (
            <Button
              size="lg"
              variant="secondary"
              onClick={() => setRevealed((r) => new Set(r).add(currentLine.id))}
            >
              Line?
            </Button>
          )}
          <Button size="lg" variant="ghost" onClick={() => void playFrom(loopOn ? loopFrom : 0)}>
            Restart
          </Button>
        </div>
      </div>

      <audio
        ref={audio}
        preload="auto"
        className="hidden"
        onLoadedMetadata={(e) => {
          const line = lines[index];
          const d = e.currentTarget.duration;
          if (line && Number.isFinite(d)) setDurations((x) => ({ ...x, [line.id]: d }));
        }}
      />
      <style>
        {'@keyframes dc-pause { from { transform: scaleX(0) } to { transform: scaleX(1) } }'}
      </style>
    </div>
  );
}
