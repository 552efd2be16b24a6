import { useEffect, useRef, type RefObject } from 'react';
import { NOW_PLAYING_PREVIEW_CHARS, VISUALIZER, previewText } from '@doublecast/common/studio';
import type { PlayerState } from './use-audio-player';

export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Frequency bars from the analyser, drawn while something plays. */
function Visualizer({
  analyser,
  active,
}: {
  analyser: RefObject<AnalyserNode | null>;
  active: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    let frame = 0;
    const bins = new Uint8Array(VISUALIZER.fftSize / 2);
    const draw = () => {
      g.clearRect(0, 0, canvas.width, canvas.height);
      const node = analyser.current;
      if (node) node.getByteFrequencyData(bins);
      else bins.fill(0);
      const barWidth = canvas.width / bins.length;
      const gradient = g.createLinearGradient(0, canvas.height, 0, 0);
      gradient.addColorStop(0, '#7e22ce');
      gradient.addColorStop(1, '#d8b4fe');
      g.fillStyle = gradient;
      for (let i = 0; i < bins.length; i++) {
        const h = Math.max(2, (bins[i]! / 255) * canvas.height);
        g.fillRect(i * barWidth, canvas.height - h, Math.max(1, barWidth - 1), h);
      }
      if (active) frame = requestAnimationFrame(draw);
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

export function NowPlaying({
  state,
  analyser,
  voiceName,
  text,
}: {
  state: PlayerState;
  analyser: RefObject<AnalyserNode | null>;
  voiceName: string;
  text: string;
}) {
  const progress =
    state.duration > 0 ? Math.min(100, (state.currentTime / state.duration) * 100) : 0;
  const statusText = state.streaming
    ? 'Receiving audio...'
    : state.status === 'playing'
      ? 'Playing'
      : state.status === 'buffering'
        ? 'Loading...'
        : state.status === 'ended'
          ? 'Finished'
          : 'Stopped';
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
      <div
        role="progressbar"
        aria-label="Playback progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="mt-4 h-2 overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-200"
          style={{ width: `${progress}%` }}
        />
      </div>
      <div className="mt-1.5 flex justify-between text-xs tabular-nums text-zinc-400">
        <span>{formatTime(state.currentTime)}</span>
        <span>{state.duration > 0 ? formatTime(state.duration) : '--:--'}</span>
      </div>
      <p className="mt-3 break-words text-sm leading-relaxed text-zinc-300">
        {previewText(text, NOW_PLAYING_PREVIEW_CHARS)}
      </p>
    </section>
  );
}
