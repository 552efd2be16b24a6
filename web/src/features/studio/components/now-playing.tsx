import { useEffect, useId, useRef, type RefObject } from 'react';
import { NOW_PLAYING_PREVIEW_CHARS, VISUALIZER, previewText } from '@doublecast/common/studio';
import { FieldMessage } from './field-message';
import type { PlayerState } from './use-audio-player';
import { fallen, speechBars } from './visualizer-bars';

export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Frequency bars from the analyser over the speech band, across the whole canvas, drawn while
 * something plays; once it stops they fall to rest, then drawing stops.
 */
function Visualizer({
  analyser,
  active,
}: {
  analyser: RefObject<AnalyserNode | null>;
  active: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The bars last drawn: when playback stops they fall from there.
  const drawn = useRef<number[]>([0]);
  useEffect(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    let frame = 0;
    const bins = new Uint8Array(VISUALIZER.fftSize / 2);
    const node = analyser.current;
    const draw = () => {
      let heights: number[];
      if (active && node) {
        node.getByteFrequencyData(bins);
        heights = speechBars(bins, node.context.sampleRate);
      } else heights = fallen(drawn.current);
      drawn.current = heights;
      g.clearRect(0, 0, canvas.width, canvas.height);
      const barWidth = canvas.width / heights.length;
      const gradient = g.createLinearGradient(0, canvas.height, 0, 0);
      gradient.addColorStop(0, '#7e22ce');
      gradient.addColorStop(1, '#d8b4fe');
      g.fillStyle = gradient;
      heights.forEach((level, i) => {
        const h = Math.max(2, level * canvas.height);
        g.fillRect(i * barWidth, canvas.height - h, Math.max(1, barWidth - 1), h);
      });
      if (active || heights.some((h) => h > 0)) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [analyser, active]);
  return (
    <canvas
      ref={canvasRef}
      width={VISUALIZER.width}
      height={VISUALIZER.height}
      aria-hidden="true"
      className="h-auto w-full max-w-full rounded-lg bg-zinc-950/80"
    />
  );
}

/**
 * The reading on stage: status, visualiser, pause and resume, and a seek slider (a native range
 * input: mouse, touch and arrow keys, its position read out as "0:12 of 1:03"), for a reading as
 * it streams (what has arrived) and for history items (byte ranges) alike.
 */
export function NowPlaying({
  state,
  analyser,
  voiceName,
  text,
  onPause,
  onResume,
  onSeek,
  error,
}: {
  error: string | null;
  state: PlayerState;
  analyser: RefObject<AnalyserNode | null>;
  voiceName: string;
  text: string;
  onPause: () => void;
  onResume: () => void;
  onSeek: (seconds: number) => void;
}) {
  const sliderId = useId();
  const statusText = state.streaming
    ? 'Receiving audio...'
    : state.status === 'playing'
      ? 'Playing'
      : state.status === 'buffering'
        ? 'Loading...'
        : state.status === 'paused'
          ? 'Paused'
          : state.status === 'ended'
            ? 'Finished'
            : 'Stopped';
  const playing = state.status === 'playing' || state.status === 'buffering';
  const duration = Math.max(state.duration, state.currentTime);
  const position = Math.min(state.currentTime, duration);
  return (
    <section
      aria-labelledby="now-playing-heading"
      className="rounded-2xl border border-brand-500/30 bg-zinc-900/80 p-5 shadow-xl shadow-brand-700/10"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="now-playing-heading" className="text-lg font-semibold text-white">
          Now Playing
        </h2>
        <p role="status" className="text-sm text-brand-300">
          {voiceName} · {statusText}
        </p>
      </div>
      <Visualizer analyser={analyser} active={state.status === 'playing'} />
      <div className="mt-4 flex items-center gap-3">
        <button
          type="button"
          onClick={playing ? onPause : onResume}
          aria-label={playing ? 'Pause' : 'Resume'}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
            {playing ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
        <div className="min-w-0 flex-1">
          <label htmlFor={sliderId} className="sr-only">
            Seek
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={duration > 0 ? duration : 1}
            step={0.1}
            value={position}
            disabled={duration <= 0}
            onChange={(e) => onSeek(Number(e.target.value))}
            aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
            className="seek-slider block w-full cursor-pointer accent-brand-500 disabled:cursor-default"
          />
          <div className="mt-1 flex justify-between text-xs tabular-nums text-zinc-400">
            <span>{formatTime(position)}</span>
            <span>{duration > 0 ? formatTime(duration) : '--:--'}</span>
          </div>
        </div>
      </div>
      <FieldMessage id="playback-error" message={error} />
      <p className="mt-3 break-words text-sm leading-relaxed text-zinc-300">
        {previewText(text, NOW_PLAYING_PREVIEW_CHARS)}
      </p>
    </section>
  );
}
