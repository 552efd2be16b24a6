import { useCallback, useEffect, useRef, useState } from 'react';

/** Level above which the microphone hears speech (RMS of the time-domain signal, 0..1). */
const SPEECH_LEVEL = 0.035;
/** How long the actor must have spoken before silence counts as "done". */
const MIN_SPEECH_MS = 250;
/** Silence after speech that ends the line; docs/glossary.md#P7 wants the partner within 400 ms of it. */
const SILENCE_MS = 250;

/**
 * Listens to the microphone in the browser (getUserMedia + AnalyserNode; no audio leaves the
 * machine) and calls back when the actor has spoken and gone quiet.
 */
export function useVoiceCue() {
  const [level, setLevel] = useState(0);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'denied'>('off');
  const stream = useRef<MediaStream | null>(null);
  const context = useRef<AudioContext | null>(null);
  const frame = useRef<number | null>(null);
  const waiter = useRef<{
    onDone: () => void;
    spokeMs: number;
    quietSince: number | null;
    last: number;
  } | null>(null);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    void context.current?.close().catch(() => undefined);
    context.current = null;
    waiter.current = null;
    setState('off');
    setLevel(0);
  }, []);

  const start = useCallback(async () => {
    if (stream.current) return true;
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
      const ctx = new AudioContext();
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 1024;
      ctx.createMediaStreamSource(media).connect(analyser);
      stream.current = media;
      context.current = ctx;
      const data = new Float32Array(analyser.fftSize);
      let shown = 0;
      const tick = (now: number) => {
        analyser.getFloatTimeDomainData(data);
        let sum = 0;
        for (const v of data) sum += v * v;
        const rms = Math.sqrt(sum / data.length);
        if (now - shown > 80) {
          setLevel(Math.min(1, rms / (SPEECH_LEVEL * 4)));
          shown = now;
        }
        const w = waiter.current;
        if (w) {
          const dt = now - w.last;
          w.last = now;
          if (rms >= SPEECH_LEVEL) {
            w.spokeMs += dt;
            w.quietSince = null;
          } else if (w.spokeMs >= MIN_SPEECH_MS) {
            w.quietSince ??= now;
            if (now - w.quietSince >= SILENCE_MS) {
              waiter.current = null;
              w.onDone();
            }
          }
        }
        frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
      setState('on');
      return true;
    } catch {
      setState('denied');
      return false;
    }
  }, []);

  const waitForLine = useCallback((onDone: () => void) => {
    waiter.current = { onDone, spokeMs: 0, quietSince: null, last: performance.now() };
  }, []);
  const cancelWait = useCallback(() => {
    waiter.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  return { level, state, start, stop, waitForLine, cancelWait };
}
