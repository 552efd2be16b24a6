import { useCallback, useEffect, useRef, useState } from 'react';
import {
  STUDIO_TEXTS,
  VISUALIZER,
  playFailedMessage,
  playbackErrorMessage,
} from '@doublecast/common/studio';

export type PlayerStatus = 'idle' | 'buffering' | 'playing' | 'paused' | 'stopped' | 'ended';

export interface PlayerState {
  status: PlayerStatus;
  currentTime: number;
  /** Seconds known so far: the whole reading's, or what has arrived while it streams. */
  duration: number;
  /** True while a reading is still arriving from the server. */
  streaming: boolean;
  error: string | null;
}

const initial: PlayerState = {
  status: 'idle',
  currentTime: 0,
  duration: 0,
  streaming: false,
  error: null,
};

/** Turns a failed play() into the Studio's playback texts. */
export function playErrorText(e: unknown): string {
  const err = e as { name?: string; message?: string };
  if (err?.name === 'NotAllowedError') return STUDIO_TEXTS.playbackBlocked;
  if (err?.name === 'AbortError') return '';
  return err?.message ? playFailedMessage(err.message.replace(/\.$/, '')) : STUDIO_TEXTS.playFailed;
}

/**
 * One <audio> element for the whole Studio, wired through a Web Audio analyser (FFT 256) for the
 * visualiser. Streams are played through MediaSource so sound starts with the first chunk
 * (decision 041); stored readings play from their URL.
 */
export function useAudioPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const contextRef = useRef<AudioContext | null>(null);
  const analyserRef = useRef<AnalyserNode | null>(null);
  const objectUrlRef = useRef<string | null>(null);
  const [state, setState] = useState<PlayerState>(initial);

  const patch = useCallback((p: Partial<PlayerState>) => setState((s) => ({ ...s, ...p })), []);

  useEffect(() => {
    const audio = new Audio();
    audio.preload = 'auto';
    audio.dataset.studioPlayer = '';
    audioRef.current = audio;
    // While a stream arrives its duration is open-ended: what is buffered is what can be sought.
    const known = () =>
      Number.isFinite(audio.duration)
        ? audio.duration
        : audio.buffered.length
          ? audio.buffered.end(audio.buffered.length - 1)
          : 0;
    const onTime = () => patch({ currentTime: audio.currentTime, duration: known() });
    const onPlaying = () => patch({ status: 'playing' });
    const onPause = () =>
      setState((s) =>
        s.status === 'playing' || s.status === 'buffering' ? { ...s, status: 'paused' } : s,
      );
    const onWaiting = () => patch({ status: 'buffering' });
    const onEnded = () => patch({ status: 'ended' });
    const onError = () => {
      const reason = audio.error?.message || 'the audio could not be decoded';
      if (audio.src) patch({ error: playbackErrorMessage(reason), status: 'stopped' });
    };
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('durationchange', onTime);
    audio.addEventListener('progress', onTime);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('waiting', onWaiting);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    // Tests and the e2e journey find the element through the page.
    document.body.append(audio);
    return () => {
      audio.pause();
      audio.remove();
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('durationchange', onTime);
      audio.removeEventListener('progress', onTime);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('waiting', onWaiting);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
      void contextRef.current?.close().catch(() => undefined);
    };
  }, [patch]);

  /** Called from a click, so the browser lets the audio context start. */
  const prepare = useCallback(async (): Promise<boolean> => {
    const audio = audioRef.current;
    if (!audio) return false;
    try {
      if (!contextRef.current && typeof AudioContext !== 'undefined') {
        const context = new AudioContext();
        const source = context.createMediaElementSource(audio);
        const analyser = context.createAnalyser();
        analyser.fftSize = VISUALIZER.fftSize;
        source.connect(analyser);
        analyser.connect(context.destination);
        contextRef.current = context;
        analyserRef.current = analyser;
      }
      if (contextRef.current?.state === 'suspended') await contextRef.current.resume();
      return true;
    } catch {
      patch({ error: STUDIO_TEXTS.resumeFailed });
      return false;
    }
  }, [patch]);

  const setSource = (url: string, owned: boolean) => {
    const audio = audioRef.current!;
    audio.pause();
    if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
    objectUrlRef.current = owned ? url : null;
    audio.src = url;
  };

  const startPlaying = useCallback(
    async (audio: HTMLAudioElement) => {
      try {
        await audio.play();
      } catch (e) {
        const text = playErrorText(e);
        if (text) patch({ error: text, status: 'stopped' });
      }
    },
    [patch],
  );

  /**
   * Plays an MP3 while it is still arriving. Resolves when the whole stream has been received;
   * `onFirstAudio` runs once the first bytes are queued for playback.
   */
  const playStream = useCallback(
    async (body: ReadableStream<Uint8Array>, onFirstAudio: () => void): Promise<void> => {
      const audio = audioRef.current!;
      patch({ ...initial, status: 'buffering', streaming: true });
      audio.dataset.streamComplete = 'false';
      const reader = body.getReader();
      try {
        if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg')) {
          const media = new MediaSource();
          const opened = new Promise((resolve) =>
            media.addEventListener('sourceopen', resolve, { once: true }),
          );
          setSource(URL.createObjectURL(media), true);
          await opened;
          const buffer = media.addSourceBuffer('audio/mpeg');
          const append = (chunk: Uint8Array) =>
            new Promise<void>((resolve, reject) => {
              buffer.addEventListener('updateend', () => resolve(), { once: true });
              buffer.addEventListener(
                'error',
                () => reject(new Error('the audio could not be decoded')),
                { once: true },
              );
              buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
            });
          let first = true;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            await append(value);
            if (first) {
              first = false;
              onFirstAudio();
              void startPlaying(audio);
            }
          }
          if (media.readyState === 'open') media.endOfStream();
        } else {
          const chunks: Uint8Array[] = [];
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
          }
          onFirstAudio();
          setSource(
            URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'audio/mpeg' })),
            true,
          );
          void startPlaying(audio);
        }
      } finally {
        audio.dataset.streamComplete = 'true';
        patch({ streaming: false });
      }
    },
    [patch, startPlaying],
  );

  const playUrl = useCallback(
    async (url: string) => {
      const audio = audioRef.current!;
      patch({ ...initial, status: 'buffering' });
      audio.dataset.streamComplete = 'true';
      setSource(url, false);
      await startPlaying(audio);
    },
    [patch, startPlaying],
  );

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
    patch({ status: 'stopped', currentTime: 0 });
  }, [patch]);

  const pause = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    patch({ status: 'paused' });
  }, [patch]);

  const resume = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio?.src) return;
    patch({ error: null });
    await startPlaying(audio);
  }, [patch, startPlaying]);

  /** Moves to `seconds` (kept inside what can be played); playing or paused stays so. */
  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio?.src) return;
      const end = Number.isFinite(audio.duration)
        ? audio.duration
        : audio.buffered.length
          ? audio.buffered.end(audio.buffered.length - 1)
          : 0;
      audio.currentTime = Math.max(0, Math.min(seconds, end));
      patch({ currentTime: audio.currentTime });
    },
    [patch],
  );

  const replay = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio?.src) return;
    patch({ error: null });
    audio.currentTime = 0;
    await startPlaying(audio);
  }, [patch, startPlaying]);

  const clearError = useCallback(() => patch({ error: null }), [patch]);

  return {
    state,
    analyser: analyserRef,
    prepare,
    playStream,
    playUrl,
    stop,
    pause,
    resume,
    seek,
    replay,
    clearError,
    setError: (error: string) => patch({ error }),
  };
}
